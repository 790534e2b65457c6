import {
  DEFAULT_KV_TIMEOUT_MS,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  SPEC_TTL_SECONDS,
  type TtlClass,
} from "@/lib/config";
import { RESPONSE_MEMO_MS } from "@/lib/api/response-memo";
import { MAX_INFLIGHT_KEYS } from "@/lib/snapshot/coalesce";
import {
  AGGREGATE_RETAIN_SECONDS,
  CHART_CACHE_SECONDS,
  LIVE_CACHE_SECONDS,
} from "@/lib/snapshot/live";
import { READ_MEMO_MS } from "@/lib/snapshot/read-memo";
import { SNAPSHOT_TTL_CLASS } from "@/lib/snapshot/snapshots";
import { num, seconds } from "./fmtConst";
import { MethodSection, MiniTable, Name } from "./MethodSection";

const SNAPSHOT_LABEL: Readonly<Record<string, string>> = {
  supplyByChain: "supply by chain (breakdown)",
  cexFlows: "CEX transfers (movement)",
  protocolFlows: "protocol flows (leaderboard)",
  chainMigration: "chain migration",
  issuerExposure: "issuer exposure facts",
};

function usersOf(cls: TtlClass): string {
  const snaps = Object.entries(SNAPSHOT_TTL_CLASS)
    .filter(([, c]) => c === cls)
    .map(([name]) => `Dune ${SNAPSHOT_LABEL[name] ?? name}`);
  if (cls === "supplyPanel")
    snaps.push("DefiLlama aggregate (supply panel, rail) and supply histories");
  return snaps.length > 0 ? snaps.join("; ") : "reserved (no snapshot uses it yet)";
}

/** Every TTL and cache rule, and the telemetry caveat. */
export function CachingSections() {
  const classes = Object.entries(SPEC_TTL_SECONDS) as [TtlClass, number][];
  return (
    <>
      <MethodSection id="caching">
        <p>
          Spec time-to-live classes. They can be configured upwards (
          <Name>CACHE_TTL_*_SECONDS</Name>) but never lower: a lower value fails configuration
          validation.
        </p>
        <MiniTable
          caption="Durable cache TTLs"
          head={["Class", "TTL", "Used by"]}
          rows={classes.map(([cls, s]) => [<Name key="c">{cls}</Name>, seconds(s), usersOf(cls)])}
        />
        <MiniTable
          caption="Live provider data"
          head={["Data", "Reused for"]}
          rows={[
            [
              "Market quotes, CEX tickers, DEX pools (LIVE_CACHE_SECONDS)",
              seconds(LIVE_CACHE_SECONDS),
            ],
            [
              "Price history behind sparklines and de-peg statistics (CHART_CACHE_SECONDS)",
              seconds(CHART_CACHE_SECONDS),
            ],
            [
              "Last good aggregate copy kept as the supply panel's stale fallback",
              seconds(AGGREGATE_RETAIN_SECONDS),
            ],
          ]}
        />
        <ul className="list-inside list-disc space-y-1">
          <li>A fresh cached copy is served with no provider call.</li>
          <li>
            Concurrent reads of one key are coalesced into one upstream read (at most{" "}
            {num(MAX_INFLIGHT_KEYS)} keys in flight); one caller giving up never cancels the others.
          </li>
          <li>Empty and error results are never cached, so the next request reads again.</li>
          <li>
            Within one server instance, a cache entry the store confirmed is reused for{" "}
            {num(READ_MEMO_MS)} ms (<Name>READ_MEMO_MS</Name>) without asking the store again, and a
            healthy API answer for {num(RESPONSE_MEMO_MS)} ms (<Name>RESPONSE_MEMO_MS</Name>), well
            inside the time a CDN may keep it. Freshness is still judged from when the data was
            fetched; stale copies, degraded answers and errors are never reused.
          </li>
          <li>
            When the aggregate upstream fails, the supply panel serves its last good copy labelled{" "}
            <em>stale copy</em> with its time.
          </li>
          <li>
            One shared cache entry per on-chain query: per-asset and per-wallet views filter the
            shared rows after reading; cache keys never contain a user&apos;s input.
          </li>
          <li>
            If the cache store is down, reads bypass it and go to the provider, still coalesced.
            Provider calls time out after {num(DEFAULT_PROVIDER_TIMEOUT_MS)} ms, cache calls after{" "}
            {num(DEFAULT_KV_TIMEOUT_MS)} ms (defaults).
          </li>
          <li>
            API responses with any warning are sent with <Name>no-store</Name>; healthy ones may be
            cached by a CDN for the data&apos;s live TTL.
          </li>
        </ul>
      </MethodSection>

      <MethodSection id="telemetry">
        <p>
          Each provider call is recorded: provider, endpoint template (never a concrete URL, query
          string, header or key), outcome and duration, together with cache hits, misses, stale
          serves and coalesced reads. Counters are <strong>per-instance</strong> and{" "}
          <strong>reset on cold start</strong>, so they are directional, not billing-grade. They are
          visible at{" "}
          <a href="/api/health" className="text-sky-700 underline dark:text-sky-400">
            /api/health
          </a>
          .
        </p>
      </MethodSection>
    </>
  );
}
