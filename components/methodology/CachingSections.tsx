import {
  DEFAULT_KV_TIMEOUT_MS,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  SPEC_TTL_SECONDS,
  type TtlClass,
} from "@/lib/config";
import { LOCAL_BUDGET_SHARE, REFRESH_RESERVE_SHARE } from "@/lib/budget/split";
import { FAILURE_COOLDOWN_MS, LOCAL_REUSE_MS } from "@/lib/snapshot/freshness";
import {
  AGGREGATE_GRACE_SECONDS,
  CHART_FRESH_SECONDS,
  LIVE_FRESH_SECONDS,
  LIVE_GRACE_FACTOR,
  NEGATIVE_SECONDS,
} from "@/lib/snapshot/policy";
import { SCHEDULER_STALE_FACTOR } from "@/lib/snapshot/snapshot-quality";
import { SNAPSHOT_TTL_CLASS } from "@/lib/snapshot/snapshots";
import { num, pct, seconds } from "./fmtConst";
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
          head={["Data", "Fresh for", "Stale copy served (grace)"]}
          rows={[
            [
              "Market quotes, CEX tickers, DEX pools",
              seconds(LIVE_FRESH_SECONDS),
              seconds(LIVE_FRESH_SECONDS * LIVE_GRACE_FACTOR),
            ],
            [
              "Price history behind sparklines and de-peg statistics",
              seconds(CHART_FRESH_SECONDS),
              seconds(CHART_FRESH_SECONDS * LIVE_GRACE_FACTOR),
            ],
            [
              "Stablecoin aggregate (supply panel, rail)",
              seconds(SPEC_TTL_SECONDS.supplyPanel),
              seconds(AGGREGATE_GRACE_SECONDS),
            ],
          ]}
        />
        <ul className="list-inside list-disc space-y-1">
          <li>A fresh cached copy is served with no provider call.</li>
          <li>
            Past its fresh time a copy is still served at once, labelled with its as-of time and a
            warning, while one background refresh runs (one per key across all server instances).
            Only a copy older than its grace window makes a request wait for the provider.
          </li>
          <li>
            A provider&apos;s valid empty answer (a token with no DEX pools, a coin with no tickers)
            is an answer: it is kept for {seconds(NEGATIVE_SECONDS)}. Failed reads are never stored;
            a failed refresh keeps the stale copy serving. After a failed read a key is left alone
            for {num(FAILURE_COOLDOWN_MS)} ms on every server instance: the provider is asked at
            most once per key in that time, and requests meanwhile are answered at once without it.
          </li>
          <li>
            Empty or failed on-chain snapshot results are never cached, so the next request reads
            again (after a failure, once the cooldown has passed). A served snapshot says when it is
            incomplete or old: cut off by the page cap, from a run that did not complete, with rows
            that failed validation (counted), or older than {num(SCHEDULER_STALE_FACTOR)} × its
            class TTL (the scheduled refresh has stopped; the age is computed at each read).
          </li>
          <li>
            Each server instance keeps its last copy of an entry and checks the store again every{" "}
            {num(LOCAL_REUSE_MS)} ms (<Name>LOCAL_REUSE_MS</Name>): one request re-reads the entry
            while the others keep using the copy. Freshness is still judged from when the data was
            fetched.
          </li>
          <li>
            Provider calls are budgeted across instances (<Name>COINGECKO_CALLS_PER_MINUTE</Name>,{" "}
            <Name>DEXSCREENER_CALLS_PER_MINUTE</Name>); over budget a read serves its stale copy or
            degrades with a warning. {pct(REFRESH_RESERVE_SHARE)} of each budget is kept for
            background refreshes of stale copies, so requests for rarely read coins cannot use it
            all. When the shared counter cannot be read in time, each instance counts its own calls
            against {pct(LOCAL_BUDGET_SHARE)} of the budget.
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
            If the cache store is down or slower than its budget, reads bypass it and go to the
            provider, still one read per key per instance. Provider calls time out after{" "}
            {num(DEFAULT_PROVIDER_TIMEOUT_MS)} ms, cache calls after {num(DEFAULT_KV_TIMEOUT_MS)} ms
            (defaults).
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
