/**
 * Section renderers of docs/reliability.md (used by scripts/reliability-report.ts): each turns
 * one result file of test-results/reliability/ into Markdown, or says how to produce it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- result files are plain JSON */
export type J = any;

export const cell = (v: unknown) =>
  String(v ?? "—")
    .replace(/\|/g, "\\|")
    .replace(/\n/g, " ");
export const row = (cells: unknown[]) => `| ${cells.map(cell).join(" | ")} |`;
export const table = (head: string[], rows: unknown[][]) =>
  [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");
export const tick = (pass: unknown) => (pass ? "pass" : "**FAIL**");
export const when = (r: J) => (r?.generatedAt ? `results of ${r.generatedAt}` : "not run yet");
export const notRun = (what: string) => `_No results yet: run ${what}._`;

export function faultMatrix(fm: J): string {
  if (!fm) return notRun("`npx jest tests/integration/reliability --runInBand`");
  const rows: J[] = fm.rows;
  const groups = new Map<string, J[]>();
  for (const r of rows)
    groups.set(`${r.provider}|${r.scenario}`, [
      ...(groups.get(`${r.provider}|${r.scenario}`) ?? []),
      r,
    ]);
  const summary = [...groups.values()].map((g) => [
    g[0].provider,
    g[0].scenario,
    g.map((r: J) => r.route).join(", "),
    [...new Set(g.flatMap((r: J) => r.observed.outcomes))].join("/") || "no call",
    `${Math.max(...g.map((r: J) => r.observed.elapsedMs))} ms`,
    `${g.filter((r: J) => r.pass).length}/${g.length}`,
  ]);
  const detail = rows.map((r) => {
    const o = r.observed;
    const exp = `${r.expected.status}${r.expected.warning ? " + warning" : ""}, ${r.expected.outcome} (budget ${r.expected.budgetMs} ms)`;
    const obs = `${o.status}${o.warning ? ` + "${o.warning}"` : " (no warning)"}, ${o.elapsedMs} ms, ${o.outcomes.join("/") || "no call"}`;
    return [
      r.provider,
      r.scenario,
      r.route,
      exp,
      obs,
      o.badCacheKeys.length ? o.badCacheKeys.join(" ") : "none",
      o.redirectHits,
      `${o.recoveredStatus}${o.recoveredWarning ? " (warning kept)" : ", warning gone"}`,
      o.healthStatus,
      tick(r.pass),
    ];
  });
  const failed = rows.filter((r) => !r.pass).length;
  return `${rows.length} rows (${when(fm)}), ${rows.length - failed} passed, ${failed} failed.

Each row: nothing is cached for the failing provider beforehand; the fault is applied; the route
is called once. **Budget** (a reference for the recorded time, not an assertion: a loaded runner
stretches wall-clock times, and \`npm run bench\` measures latency under faults) = phases ×
\`PROVIDER_TIMEOUT_MS\` (${fm.providerTimeoutMs} ms in these tests) + a **${fm.marginMs} ms margin** (file-KV writes of the other providers' answers, JSON work, a
loaded 2-core runner; lock waits of up to 3 s never apply in-process because the in-process
coalescer runs first). \`risk\` spends two sequential CoinGecko and Dune phases (asset context,
then series and issuer exposure), so its budget for those providers is two provider budgets.
Body cap ${fm.maxBodyBytes} bytes, oversized bodies twice that, streamed. "Outcome" is the
provider-call outcome recorded in telemetry — it proves the intended fault happened.

Expectations: **warn** = 200 with a partial body and a user-safe warning prefixed with the
provider and source; **unavailable** = 503 \`upstream_unavailable\` with \`Retry-After\` (supply and
issuers when the aggregate fails and no copy is cached); **silent** = 200 without a warning (the
provider only backs a secondary input: pools' market cap falls back to the aggregate, and
peg-history only needs the aggregate for untracked selectors; CoinGecko and DexScreener \`empty\`
means "no tickers" / "no pools on that chain", a valid answer that is stored for its negative
TTL). Every row also checks: no write and no entry under the provider's cache keys (except that
stored empty answer), no hit on the redirect target (the key never left for
another origin), the next good upstream answer is used (warning gone), \`/api/health\` answers.

${table(["Provider", "Fault", "Routes", "Observed outcome", "Max elapsed", "Passed"], summary)}

<details><summary>All ${rows.length} rows (expected vs observed)</summary>

${table(["Provider", "Fault", "Route", "Expected", "Observed", "Bad cache keys", "Redirect hits", "Next good answer", "Health", "Result"], detail)}

</details>`;
}

export function retryStorm(rs: J): string {
  if (!rs) return notRun("the reliability integration tests");
  const b = rs.cooldown;
  return `${when(rs)}. Failure cooldown: after a failed read of one key, reads of that key skip the
upstream for ${b.cooldownMs} ms (lib/snapshot/freshness.ts); other instances see it through the
key's refresh marker, rewritten as "cooling", which lapses with it.

${table(
  [
    "Load",
    "Upstream answer",
    "Requests",
    "Duration",
    "Upstream calls",
    "Max calls/s",
    "Hard bound",
    "Statuses",
    "Max elapsed",
    "KV entry for key",
    "Result",
  ],
  rs.results.map((r: J) => [
    r.name,
    r.scenario,
    r.requests,
    `${r.durationMs} ms`,
    r.upstreamCalls,
    r.maxCallsPerSecond,
    `≤ ${r.bound}`,
    JSON.stringify(r.statuses),
    `${r.maxElapsedMs} ms`,
    r.kvEntryForKey ? "yes" : "none",
    tick(r.pass),
  ]),
)}

**Why this does not contradict "errors are never cached".** The cooldown is not a cache: no
failed answer is written under the key (the tests check the store holds nothing for it); what is
kept is the count of failures in process memory and, across instances, a marker that lapses after
${b.cooldownMs / 1000} s. A stale good copy is still served meanwhile, and the first read after the
cooldown is a normal attempt — one success clears the key's state. It only stops one instance from
turning a failing provider plus sustained traffic into hundreds of upstream calls per second.`;
}

export function cacheFaults(cf: J): string {
  if (!cf) return notRun("the reliability integration tests (needs redis-server)");
  const kvCell = (kv: J) =>
    kv
      ? `${kv.started} ops: ${kv.answered} answered, ${
          Object.entries(kv.failed as Record<string, number>)
            .map(([kind, n]) => `${n} ${kind}`)
            .join(", ") || "none failed"
        }; ${kv.unclassified} unclassified, ${kv.pending} pending`
      : "not recorded";
  return `${when(cf)}. Real \`redis-server\` behind \`REDIS_URL\`, ${cf.concurrency} requests in flight
over every route and \`/api/health\`. Each store operation has a ${cf.kvBudgetMs ?? 150} ms budget and a
failed one is bypassed: the suite asserts that every operation the service issued settled as an
answer or a classified \`KvError\` of the fault's expected kind (none unclassified, none left
pending: no client retry loop holds a request). Request times below are measurements of this run,
not assertions (a loaded runner stretches them; \`npm run bench\` measures latency).

${table(
  [
    "Fault",
    "Expected",
    "Requests",
    "Statuses",
    "5xx",
    "Unparseable",
    "Store operations",
    "p50",
    "Max",
    "Slowest",
    "Writes resumed after",
    "Result",
  ],
  cf.results.map((r: J) => [
    r.scenario,
    r.expected,
    r.requests,
    JSON.stringify(r.statuses),
    r.fiveXX,
    r.unparseable,
    kvCell(r.kv),
    `${r.p50Ms} ms`,
    `${r.maxElapsedMs} ms`,
    r.slowest,
    r.recoveryMs === null ? "never" : `${r.recoveryMs} ms`,
    tick(r.pass),
  ]),
)}`;
}

export function fuzz(fz: J): string {
  if (!fz) return notRun("the reliability integration tests");
  return `${when(fz)}: seed \`${fz.seed}\`, ${fz.runsPerProperty} runs per property (replay with
\`FUZZ_SEED=${fz.seed}\`; more runs: \`FUZZ_RUNS=5000 npx tsx scripts/fuzz.ts\`). Inputs: unicode,
lone surrogates, \`__proto__\`/\`constructor\`, \`../\` traversal, CRLF, NUL, very long, repeated and
unknown parameters, raw and percent-garbage encodings, every method. Properties: status only 200,
400, 404 or 405 (HEAD: no body); every body JSON with \`holderAnalyticsSupported: false\`; every
upstream request (${fz.upstreamRequestsChecked} checked) a GET on an allow-listed path.

${table(
  ["Method and status", "Count"],
  Object.entries(fz.statuses).map(([k, v]) => [k.includes(" ") ? k : `GET ${k}`, v]),
)}`;
}

export function secrets(sc: J, headers: J): string {
  const checks = sc
    ? table(
        ["Check (integration, canary keys)", "Result"],
        sc.checks.map((c: J) => [c.check, tick(c.pass)]),
      )
    : notRun("the reliability integration tests");
  const hdr = headers
    ? `${when(headers)}:\n\n${table(
        ["Target", "Checks", "Result"],
        headers.results.map((r: J) => [r.target, r.checks, tick(r.pass)]),
      )}`
    : notRun("`npx playwright test tests/e2e/security.spec.ts`");
  return `${sc ? `${when(sc)}: ${sc.requestsSeen} upstream requests, ${sc.responsesScanned} responses and ${sc.logLinesScanned} log lines scanned.` : ""}

${checks}

\`scripts/check-secrets.ts\` (last step of \`npm test\`) scans \`.next/\`, \`test-results/\` (raw e2e
responses, reliability results, the soak's server log; images skipped) and \`docs/\` for every
canary: the harness read keys, the demo's read key, the soak's keys and the canary write key.

### Security headers and CSP (e2e, Chromium)

${hdr}`;
}

function rssSeries(s: J): string {
  const samples: { t: number; mb: number }[] = s.rssMb.samples ?? [];
  const step = Math.max(1, Math.ceil(samples.length / 12));
  const picked = samples.filter(
    (x, i) => (i % step === 0 || i === samples.length - 1) && samples[i - 1]?.t !== x.t,
  );
  return picked.map((x) => `${x.t} s: ${x.mb}`).join(" · ");
}

function soakTable(s: J): string {
  const rss = s.rssMb;
  return `${table(
    [
      "Duration",
      "Requests",
      "Req/s",
      "Statuses",
      "p50",
      "p99",
      "Max",
      "RSS start → end (max) MB",
      "Faults rotated",
      "Failures",
      "Result",
    ],
    [
      [
        `${s.durationSeconds} s`,
        s.requests,
        s.requestsPerSecond,
        JSON.stringify(s.statuses),
        `${s.latencyMs.p50} ms`,
        `${s.latencyMs.p99} ms`,
        `${s.latencyMs.max} ms`,
        `${rss.start} → ${rss.end} (${rss.max})`,
        s.faultsApplied.length,
        s.failures.length,
        tick(s.pass),
      ],
    ],
  )}

RSS over time (MB): ${rssSeries(s)}`;
}

export function soak(short: J, long: J): string {
  const part = (title: string, s: J, how: string) =>
    `**${title}** — ${s ? `${when(s)}, concurrency ${s.concurrency}, faults rotated every ${s.rotateSeconds} s:\n\n${soakTable(s)}${s.failures.length ? `\n\nFirst failures: ${s.failures.slice(0, 5).map(cell).join("; ")}` : ""}` : notRun(how)}`;
  return `Mixed traffic against \`next start\` (fake upstream in-process, Redis cache) while faults
rotate through providers × {500, slow, hang, 429, drip, malformed, ok} and live/snapshot cache
entries are evicted at each rotation (the aggregate is not: after the warm-up it stays cached, so
not even the documented 503 of supply/issuers is expected). Fails on any 5xx, a transport
error, an unparseable body or a body without the flag. RSS is the \`next start\` process
(\`next-server\`, with any children), read from /proc every second. Provider budget: the default
\`PROVIDER_TIMEOUT_MS\` (2.5 s), so \`hang\` faults show up in p99 and max.

${part("Short run (part of npm test)", short, "`npm run soak -- --duration 20`")}

${part("10-minute run", long, "`npx tsx scripts/soak.ts --duration 600 --out docs/soak-10min.json`")}`;
}

/** Findings of these suites and the limits of what they show (static text). */
export function notes(): string {
  return `- **Fixed (lib/providers/coingecko/schemas.ts)**: a CoinGecko \`market_chart\` body without
  \`prices\` (e.g. \`{"unexpected":true}\`) passed the schema as a successful call with no points;
  it is now a schema failure, so telemetry and \`/api/health\` report it (found by the matrix's
  outcome check; the user-facing answer was already a warning).
- **Fixed (lib/snapshot/cached-read.ts)**: a KV read that timed out or hit an unreachable store
  made the same read also wait out the lock and the write budgets (up to 4 × 150 ms per read
  phase; ~1 s per request against a paused Redis, now ~0.4 s). And a transient KV read error
  plus an upstream failure answered \`503 upstream_unavailable\` although a good aggregate copy
  was cached (found by the 10-minute soak); the read layer now looks once more on that failure
  path.
- \`risk\` reads CoinGecko and Dune in two sequential phases, so a hanging provider costs it two
  provider budgets (5 s with the default 2.5 s): the soak's max latency.
- The fake's \`malformed\` scenario is truncated JSON; non-JSON bodies are covered by the 5xx
  rows (HTML bodies).
- \`/stablecoins/<unknown>\` answers 404 with the one shared not-found render (\`proxy.ts\`);
  no file is served (security spec probes).`;
}
