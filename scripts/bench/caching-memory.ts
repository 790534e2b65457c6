/**
 * Issue items 5 and 6: HTTP caching headers and conditional requests on healthy answers, and the
 * server's resident memory under a flood of distinct invalid selectors.
 */
import { conditionalGet, invalidSelectorFlood, type ConditionalOutcome } from "./scenarios";
import { fmt, table, type Goal, type Section } from "./report";
import type { NextApp } from "./servers";
import { WARM_ROUTES } from "./warm-routes";

/** Growth allowed between the warm-up and the end of the flood, both read after a full GC. */
export const RSS_GROWTH_BOUND_BYTES = 32_000_000;
export const HEAP_GROWTH_BOUND_BYTES = 8_000_000;

const directive = (cc: string | null, name: string) =>
  new RegExp(`(?:^|,)\\s*${name}=(\\d+)`).exec(cc ?? "")?.[1];

export async function httpCaching(app: NextApp): Promise<Section> {
  const results: ConditionalOutcome[] = [];
  for (const path of WARM_ROUTES) results.push(await conditionalGet(app, path));
  const goals: Goal[] = results.map((r) => {
    const sMaxAge = directive(r.cacheControl, "s-maxage");
    const swr = directive(r.cacheControl, "stale-while-revalidate");
    return {
      item: "5",
      what: `\`${r.path.split("?")[0]}\`: s-maxage, stale-while-revalidate, ETag → 304`,
      goal: "all present; If-None-Match → 304",
      observed:
        `s-maxage=${sMaxAge ?? "—"}, swr=${swr ?? "—"}, ETag ${r.etag ? "yes" : "no"}, ` +
        `conditional → ${r.conditionalStatus}`,
      pass:
        r.status === 200 &&
        sMaxAge !== undefined &&
        swr !== undefined &&
        r.etag !== null &&
        r.conditionalStatus === 304,
    };
  });
  const body = [
    "A healthy 200 from the warm Redis-backed server, then the same request with " +
      "`If-None-Match: <its ETag>`.",
    "",
    table(
      ["Route", "Status", "Cache-Control", "ETag", "Conditional status", "Conditional body"],
      results.map((r) => [
        `\`${r.path}\``,
        r.status,
        `\`${r.cacheControl ?? "—"}\``,
        r.etag ? `\`${r.etag}\`` : "—",
        r.conditionalStatus,
        `${r.conditionalBytes} B`,
      ]),
    ),
    "",
    "A conditional request that does not get 304 means the body differs between two identical " +
      "requests (a per-request timestamp or a value computed against the clock), so the ETag " +
      "never matches; the `s-maxage` still lets a CDN absorb repeats for its lifetime.",
  ].join("\n");
  return { title: "5. HTTP caching", body, goals };
}

export const signed = (bytes: number) => `${bytes >= 0 ? "+" : "−"}${fmt.mb(Math.abs(bytes))}`;

export async function memory(app: NextApp): Promise<Section> {
  const m = await invalidSelectorFlood(app);
  const rssGrowth = m.atEnd.rss - m.afterWarmup.rss;
  const heapGrowth = m.atEnd.heapUsed - m.afterWarmup.heapUsed;
  const goals: Goal[] = [
    {
      item: "6",
      what: `memory over ${fmt.int(m.requests)} requests, ${fmt.int(m.distinct)} distinct invalid \`q\``,
      goal: `flat: RSS < ${signed(RSS_GROWTH_BOUND_BYTES)}, heap < ${signed(HEAP_GROWTH_BOUND_BYTES)} (after GC)`,
      observed:
        `RSS ${fmt.mb(m.afterWarmup.rss)} → ${fmt.mb(m.atEnd.rss)} (${signed(rssGrowth)}), ` +
        `heap ${signed(heapGrowth)}`,
      pass: rssGrowth < RSS_GROWTH_BOUND_BYTES && heapGrowth < HEAP_GROWTH_BOUND_BYTES,
    },
  ];
  const body = [
    `\`GET /api/stablecoin-intel?q=…\` over ${fmt.int(m.distinct)} distinct invalid selectors ` +
      "(even: well-formed but unknown → 404; odd: malformed → 400), 16 in flight, against a " +
      "warm file-store server started with `--inspect=127.0.0.1:0`. Readings of the " +
      `\`next-server\` process after a warm-up of ${fmt.int(m.warmupRequests)} requests over the ` +
      `same values and after ${fmt.int(m.requests)} more: VmRSS as found, then a full GC ` +
      "(DevTools protocol `HeapProfiler.collectGarbage`), VmRSS and V8 heap in use.",
    "",
    table(
      ["Reading", "VmRSS as found", "VmRSS after GC", "V8 heap in use after GC"],
      [
        [
          "after warm-up",
          fmt.mb(m.afterWarmup.rssRaw),
          fmt.mb(m.afterWarmup.rss),
          fmt.mb(m.afterWarmup.heapUsed),
        ],
        ["at end", fmt.mb(m.atEnd.rssRaw), fmt.mb(m.atEnd.rss), fmt.mb(m.atEnd.heapUsed)],
        [
          "growth",
          signed(m.atEnd.rssRaw - m.afterWarmup.rssRaw),
          signed(rssGrowth),
          signed(heapGrowth),
        ],
      ],
    ),
    "",
    `Statuses: ${Object.entries(m.statuses)
      .map(([s, n]) => `${fmt.int(n)}× ${s}`)
      .join(", ")}; wall time ${fmt.ms(m.wallMs)}. RSS "as found" rises with any load while V8 ` +
      "grows its heap lazily (a trivial route shows the same); after a full GC it is flat.",
  ].join("\n");
  return { title: "6. Memory", body, goals };
}
