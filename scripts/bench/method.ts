/** The "Method" part of docs/performance.md, plus notes on the causes of known misses. */
import type { Section } from "./report";

export const METHOD = `
- **Build**: \`npm run bench\` builds nothing; it refuses to run without \`.next/BUILD_ID\`
  (\`npm run build\`) and serves a copy of that build taken when it starts (so a rebuild during
  the run cannot mix builds). Every server is \`node node_modules/next/dist/bin/next start\` on
  loopback (NODE_ENV=production, telemetry off), in its own process group, stopped at the end.
- **Upstream**: the bundled fake upstream (tests/fake-upstream) on loopback, with the demo Dune
  query ids and a demo read key; scenarios \`slow\` (delay, then the normal answer) and \`hang\`
  (accepted, never answered) shape the cold measurements. No network is used.
- **Stores**: a fresh temp dir per file-store server; one throw-away \`redis-server\` (no
  persistence) for the Redis-backed servers, flushed between scenarios. Default KV and
  provider budgets unless a section says otherwise.
- **Baselines** (item 1): \`/api/bench-trivial?bytes=N\` is a route handler in the same build that
  answers a constant JSON body of N bytes; it is a 404 unless the server runs with
  \`BENCH_TRIVIAL_ROUTE=1\` (only the bench sets it). The plain baseline is a bare \`node:http\`
  server in its own process sending the very same bytes. N = the measured route's body size.
- **Load**: autocannon 8 (programmatic), in the bench process; the burst and the memory flood use
  Node's fetch. Every loop is bounded in count and time.
- **CI times nothing**: \`tests/system\` (run by \`npm test\` after \`next build\`) re-checks the
  counts and bounds of items 3, 5 and 6 without any timing assertion.
`;

const NOTES: Record<string, string> = {
  "1": `
**Item 1 — why the warm routes stay below the trivial route.** The trivial route's throughput is
the framework's floor on this machine (routing, the request/response objects, the config headers);
a warm route pays that floor plus its own work, and reaching 0.9× means our work must cost under a
tenth of the floor. It costs more than that: a warm \`/api/stablecoin-intel?q=usdc\` still reads
every entry it needs from the shared store — 11 reads (aggregate list, quotes, tickers, 7 DEX pool
lists, supply snapshot), each a Redis round trip or a file open/read/close — then \`JSON.parse\`s
and zod-validates each cached value (the aggregate list alone is ≈120 kB of JSON), builds the body,
serialises it and hashes it for the ETag; \`/api/stablecoin-risk\` reads three more (two price
series, ≈115 kB of JSON between them, and the issuer-exposure snapshot) and recomputes its depeg
statistics on every request. An in-process CPU profile of the handler spreads the time over
store I/O, parsing and validation of cached values, and body build + response, with no single hot
spot (cache schemas are built once, the body is serialised once, nothing is logged per request).
What would close the gap: an in-process hot tier in front of the store — validated entries
memoised per key for ≈1 s, never past the entry's freshness, bounded like the coalescer's map — so
a warm request does no I/O, parsing or validation, at the price of up to ≈1 s before an instance
sees an entry that another instance or the operator's priming rewrote; then memoising the finished body + ETag per (route, resolved
asset, entries' \`storedAt\`) removes the build and hash too. In front of the origin, the CDN
(\`s-maxage\`, item 5) is the scale lever: repeated reads never reach it.
`,
  "2": `
**Item 2 — a slow cold request.** Most of the time above the slowest provider is spent before the
fan-out (cache misses and the lock, one store round trip each, and on the file store an fsync per
lock) and after it (parsing and validating the provider bodies, writing each entry). On a loaded
machine both grow with the load; compare the figure with the same request on an idle box.
`,
  "3": `
**Item 3 — duplicates under the default KV budget.** Compare with the KV_TIMEOUT_MS=2000 rows: a
store read or lock call that exceeds the 150 ms budget under a 200-request burst on a small, busy
machine is treated as a miss and the lock is skipped (availability first), so that request goes
upstream. The budget yields one event-loop turn before failing (lib/kv/shared.ts), so a reply that
has already arrived is used even when the loop runs late, but the file store's multi-step reads
(open, stat, read, close through libuv's 4-thread pool) can still overrun it. A larger
KV_TIMEOUT_MS on busy instances, or fewer store round trips per request (the hot tier of item 1),
fixes it. Duplicates that remain with the 2,000 ms budget are the miss-then-lock race described
under the table.
`,
  "4": `
**Item 4 — Lighthouse.** Total Blocking Time dominates the scores, and it comes from the charts:
they are lazy in bytes (not in first-load JS) but not in time — their chunks are fetched, evaluated
and mounted right after hydration, inside the measured window. On \`/\`, a Chromium CPU profile
puts the long tasks in the nivo treemap (nivo, d3, react-spring, which then animates); blocking
just those chunks in a desktop Lighthouse run took TBT from ≈1,000 ms to ≈50 ms. On
\`/stablecoins/usdc\` (mobile) blocking the recharts peg-chart chunk took TBT from ≈600 ms to
≈200 ms. (Blocking a chunk also shifts the layout, so those runs only locate the cost.) Mounting
each chart when it scrolls into view (IntersectionObserver) or when the browser is idle, and
rendering the treemap without animation (\`animate={false}\`), would move that work out of the
load window; the first-load weight is already within budget.
`,
  "5": `
**Item 5 — why a route misses the 304.** \`/api/stablecoin-risk\` puts a per-request
\`generated_at\` in its body and computes its depeg windows against the clock (\`to\` = now,
coverage over the window), so two identical requests never produce the same bytes and the ETag
never matches. Anchoring the windows and \`generated_at\` to the data's own timestamps (the cached
entries' \`storedAt\`) would make the body, and so the ETag, stable for the entry's lifetime.
`,
};

/** Notes for the issue items that missed a goal in this run. */
export function notesFor(sections: Section[]): string {
  const failed = new Set(
    sections.flatMap((s) => s.goals.filter((g) => !g.pass).map((g) => g.item)),
  );
  const notes = [...failed]
    .sort()
    .map((item) => NOTES[item])
    .filter(Boolean);
  return notes.length ? `\n## Notes on the misses\n${notes.join("")}` : "";
}
