/**
 * Issue 15 item 2: page throughput under load against the trivial Next route in the same run,
 * at the full market (DEMO_MARKET=full build, full-market fake upstream). Pages are cached
 * (incremental static regeneration), so a warm page is a file read plus headers.
 */
import { sideBySideRounds, WARM_UP_SECONDS } from "./counterbalanced";
import { timedGet, trivialFor, type Trivial } from "./load";
import { fmt, table, type Goal, type Section } from "./report";
import type { NextApp } from "./servers";

/**
 * Each page with the share of the trivial route's throughput it must reach, and the issue whose
 * goal it reports (issue 15 §2 unless said). Issue 28: the chain pages keep the page-throughput
 * goals, the data pages' ratio (the home page's).
 */
export const LOAD_PAGES: readonly { path: string; goalRatio: number; issue?: string }[] = [
  { path: "/", goalRatio: 0.5 },
  { path: "/stablecoins/usdc", goalRatio: 0.5 },
  { path: "/flows", goalRatio: 0.5 },
  { path: "/methodology", goalRatio: 0.8 },
  { path: "/chains", goalRatio: 0.5, issue: "28" },
  { path: "/chains/arbitrum", goalRatio: 0.5, issue: "28" },
];
export const PAGE_P99_GOAL_MS = 200;
export const PAGE_MAX_GOAL_MS = 2_000;

/** `app` must serve the trivial route (BENCH_TRIVIAL_ROUTE=1). */
export async function pageLoad(
  app: NextApp,
  opts: { durationSeconds: number; rounds: number; connections: number },
): Promise<Section> {
  // Warm each page (a first visit renders and stores it) and note its body: each page is
  // compared with the trivial route answering a body like it (`trivialFor`).
  const trivials = new Map<string, Trivial>();
  for (const p of LOAD_PAGES) {
    let body = "";
    for (let i = 0; i < 2; i++) {
      const r = await timedGet(app.url + p.path);
      if (r.status !== 200) throw new Error(`warm-up ${p.path}: HTTP ${r.status}`);
      body = r.body;
    }
    // A cached page goes out as bytes encoded once (page-cache-handler.mjs): so does its floor.
    trivials.set(p.path, trivialFor(body, { encoded: true }));
  }
  const trivialUrl = (path: string) => app.url + trivials.get(path)!.path;
  const probe = await timedGet(trivialUrl(LOAD_PAGES[0]!.path));
  if (probe.status !== 200)
    throw new Error("the trivial route is off: was BENCH_TRIVIAL_ROUTE=1 passed to next start?");

  const pairs = LOAD_PAGES.map((p) => ({
    routeUrl: app.url + p.path,
    trivialUrl: trivialUrl(p.path),
  }));
  const measured = await sideBySideRounds(pairs, opts);
  const rows: (string | number)[][] = [];
  const goals: Goal[] = [];
  LOAD_PAGES.forEach((p, i) => {
    const { route: a, trivial: t, ratio, ratios } = measured[i]!;
    rows.push(
      [
        `\`${p.path}\``,
        fmt.rps(a.rps),
        fmt.ms(a.p99Ms),
        fmt.ms(a.maxMs),
        a.bad,
        fmt.ratio(ratio),
        ratios.map(fmt.ratio).join(", "),
      ],
      [
        trivials.get(p.path)!.label,
        fmt.rps(t.rps),
        fmt.ms(t.p99Ms),
        fmt.ms(t.maxMs),
        t.bad,
        "",
        "",
      ],
    );
    goals.push(
      {
        item: p.issue ?? "15.2",
        what: `\`${p.path}\` throughput vs trivial Next route`,
        goal: `≥ ${fmt.ratio(p.goalRatio)}`,
        observed: fmt.ratio(ratio),
        pass: ratio >= p.goalRatio,
      },
      {
        item: p.issue ?? "15.2",
        what: `\`${p.path}\` p99 and slowest request`,
        goal: `p99 < ${fmt.ms(PAGE_P99_GOAL_MS)}, none > ${fmt.ms(PAGE_MAX_GOAL_MS)}, no errors`,
        observed: `p99 ${fmt.ms(a.p99Ms)}, max ${fmt.ms(a.maxMs)}, ${a.bad} errors`,
        pass: a.p99Ms < PAGE_P99_GOAL_MS && a.maxMs <= PAGE_MAX_GOAL_MS && a.bad === 0,
      },
    );
  });
  const body = [
    `autocannon, ${opts.connections} connections, against one \`next start\` (file store) fed ` +
      "by the full-market fake upstream. Pages were visited twice first (a first visit renders " +
      `and stores them); then every page and its trivial route took ${WARM_UP_SECONDS} s of ` +
      `load each. ${opts.rounds} round(s) over the pages (forward, then backward): each page ` +
      "beside the trivial Next route answering a body of the page's size (UTF-8 bytes encoded " +
      "once, as the page store hands out a cached page), in the order page, " +
      `trivial, trivial, page (${opts.durationSeconds} s per page and round, half per slot). ` +
      "÷ trivial = the median of the rounds' ratios (judged); rounds = each round's ratio; " +
      "throughput = mean over rounds; p99 = worst slot's p99; max = slowest request of all " +
      "rounds; errors = non-2xx + socket errors + timeouts. Measure a build made for the full " +
      "market (`DEMO_MARKET=full npm run demo` builds one): pages prerendered at build time " +
      "keep that build's data until they regenerate.",
    "",
    table(["Target", "Throughput", "p99", "max", "Errors", "÷ trivial", "rounds"], rows),
  ].join("\n");
  return { title: "4c. Pages under load (full market)", body, goals };
}
