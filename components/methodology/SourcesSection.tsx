import { MethodSection, MiniTable, Name } from "./MethodSection";
import { sourceRows } from "./sourceRows";

/** Every source the service reads (the list /api/health reports on): what each feeds, its latency. */
export function SourcesSection() {
  const rows = sourceRows();
  return (
    <MethodSection id="sources">
      <p>
        Every number carries the name of its source and the time it was read (UTC).{" "}
        <span data-testid="sources-count">{rows.length} sources</span> are used, the same list{" "}
        <Name>/api/health</Name> reports on; each warning the service shows is prefixed with the
        provider and source name.
      </p>
      <MiniTable
        caption="Sources"
        head={["Source", "Source type", "Feeds", "Latency"]}
        rows={rows.map((r) => [r.name, <Name key="t">{r.type}</Name>, r.feeds, r.latency])}
      />
      <p>
        On-chain data reflects the <strong>last successful scheduled query run</strong> and is
        labelled <em>scheduled/cached</em> with that run&apos;s time (<Name>last_updated</Name>)
        everywhere. It is never live. Public routes only read a query&apos;s latest stored result (a
        read that costs no credits); they never execute, refresh or cancel a query. Fresh results
        come only from the provider&apos;s own scheduler or a reviewed operator script, never from a
        public request. Query ids come from configuration, and the read-only key travels in a
        request header only, never in a URL or a log.
      </p>
      <p>
        When the key is absent or the provider is unreachable, responses degrade to a partial state
        with a warning that the on-chain snapshot data is unavailable; the rest is still served.
      </p>
    </MethodSection>
  );
}
