/**
 * Issue 26 goals, on the full recorded market with the market provider's free budget
 * (COINGECKO_CALLS_PER_MINUTE=30, the DEX aggregator at its default) and the scheduled refresher
 * on, from an empty Redis:
 *
 * 1. The refresher runs its first passes for `warmSeconds` (REFRESH_INTERVAL_SECONDS =
 *    `REFRESH_SECONDS`); its server is then stopped and the store read through the read layer's
 *    cache-only peeks (`./market-store`: measuring fills nothing). Goal: ≥ 95 % of coins with at
 *    least 5,000,000 USD circulating have a price from ≥ 2 sources and a 90-day history.
 * 2. A fresh server without the refresher on the warm store answers `/api/stablecoin-depegs`
 *    (no `q`): it covers ≥ 100 coins and the rebuild costs ≤ 10 upstream calls (every provider,
 *    counted at the fake upstream from the request on).
 * 3. On that server, warm intel and asset page of the coin ranked 200th vs USDC, side by side
 *    (`sideBySideRounds`): throughput ratio ≥ 0.9×.
 *
 * Over the whole world the market provider's calls in any 60 s window stay ≤ 30 (sliding
 * window over the fake upstream's log).
 */
import { DEFAULT_DEXSCREENER_CALLS_PER_MINUTE } from "../../lib/config";
import type { FakeUpstream } from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { maxInAnyWindow } from "./call-windows";
import { flushRedis } from "./coalescing";
import { sideBySideRounds } from "./counterbalanced";
import { get } from "./load";
import { coverage, depegCoverage, MIN_HISTORY_SPAN_MS, share } from "./market-coverage";
import { readStoredMarket } from "./market-store";
import { fmt, table, type Goal, type Section } from "./report";
import { startNextApp, type NextApp } from "./servers";

const CALLS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;
/** The in-process refresher's interval in this world (docs/refresher.md: 5–86400). */
const REFRESH_SECONDS = 5;
const HEALTH_POLL_MS = 5_000;
const MIN_CIRCULATING_USD = 5_000_000;
const GOAL_COVERED_SHARE = 0.95;
const GOAL_DEPEG_COINS = 100;
const GOAL_REBUILD_CALLS = 10;
const GOAL_RATIO = 0.9;
/** 1-based rank of the tail coin compared with USDC. */
const TAIL_RANK = 200;
const REFERENCE = "usdc";
const WARM_UPS = 3;
const MISSING_LISTED = 20;
const MS_PER_DAY = 86_400_000;
const PERCENT = 100;

const pct = (x: number) => `${(x * PERCENT).toFixed(1)} %`;

interface LastRun {
  startedAt: string;
  outcome: string;
  budget?: Record<string, { spent: number; allowance: number }>;
}

async function lastRun(app: NextApp): Promise<LastRun | null> {
  const res = await get(`${app.url}/api/health`);
  const body = (await res.json().catch(() => null)) as {
    refresher?: { lastRun?: LastRun | null };
  } | null;
  return body?.refresher?.lastRun ?? null;
}

/** Runs the refresher for `seconds`, polling health; the passes it saw, by start time. */
async function letRefresherRun(app: NextApp, seconds: number): Promise<Map<string, LastRun>> {
  const passes = new Map<string, LastRun>();
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, Math.min(HEALTH_POLL_MS, until - Date.now())));
    const run = await lastRun(app).catch(() => null);
    if (run) passes.set(run.startedAt, run);
  }
  return passes;
}

/** A pass' spend per provider, `spent / allowance`. */
const budgetText = (run: LastRun) =>
  Object.entries(run.budget ?? {})
    .map(([p, b]) => `${p} ${b.spent} / ${b.allowance}`)
    .join(", ") || "not reported";

async function warm(url: string): Promise<number> {
  let status = 0;
  for (let i = 0; i < WARM_UPS; i++) {
    const res = await get(url);
    await res.arrayBuffer();
    status = res.status;
  }
  return status;
}

export async function marketWide(
  fake: FakeUpstream,
  redis: RedisServer,
  opts: { durationSeconds: number; rounds: number; connections: number; warmSeconds: number },
): Promise<Section> {
  fake.resetScenarios();
  fake.clearRequests();
  await flushRedis(redis.url);
  // The DEX aggregator at its production default too (startNextApp lifts budgets out of the way).
  const env = {
    COINGECKO_CALLS_PER_MINUTE: String(CALLS_PER_MINUTE),
    DEXSCREENER_CALLS_PER_MINUTE: String(DEFAULT_DEXSCREENER_CALLS_PER_MINUTE),
  };
  const apps: NextApp[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const app = await startNextApp({ fake, redisUrl: redis.url, env: { ...env, ...extra } });
    apps.push(app);
    return app;
  };
  try {
    // 1. The refresher's first passes, then the store as it left it.
    const refresher = await start({ REFRESH_INTERVAL_SECONDS: String(REFRESH_SECONDS) });
    const passes = await letRefresherRun(refresher, opts.warmSeconds);
    await refresher.stop();
    const refresherCalls = fake.requests().length;
    const market = await readStoredMarket(redis.url);
    const cov = coverage(market.coins, MIN_CIRCULATING_USD);
    const covShare = share(cov.covered, cov.eligible);

    // 2. The market-wide depeg log rebuilt by a fresh process over the warm store.
    const app = await start();
    const mark = Date.now();
    const depegRes = await get(`${app.url}/api/stablecoin-depegs`);
    const depegBody = (await depegRes.json().catch(() => ({}))) as Record<string, unknown>;
    const rebuild = fake.requests().filter((r) => r.at >= mark);
    const rebuildByProvider = new Map<string, number>();
    for (const r of rebuild)
      rebuildByProvider.set(r.provider, (rebuildByProvider.get(r.provider) ?? 0) + 1);
    const depeg = depegCoverage(depegBody);

    // 3. Warm coin #200 vs USDC, intel and asset page.
    const tail = market.coins[TAIL_RANK - 1];
    const tailSelector = tail ? market.selectors.get(tail.id) : undefined;
    const pairs = tailSelector
      ? [
          ["intel", (q: string) => `/api/stablecoin-intel?q=${encodeURIComponent(q)}`],
          ["asset page", (q: string) => `/stablecoins/${encodeURIComponent(q)}`],
        ].map(([label, path]) => ({
          label: label as string,
          routeUrl: app.url + (path as (q: string) => string)(tailSelector),
          trivialUrl: app.url + (path as (q: string) => string)(REFERENCE),
        }))
      : [];
    const statuses: string[] = [];
    for (const p of pairs)
      statuses.push(`${p.label}: ${await warm(p.routeUrl)} / ${await warm(p.trivialUrl)}`);
    const measured = pairs.length > 0 ? await sideBySideRounds(pairs, opts) : [];

    // The budget over the whole world (every phase, both servers).
    const marketCalls = fake
      .requests()
      .filter((r) => r.provider === "coingecko")
      .map((r) => r.at);
    const busiest = maxInAnyWindow(marketCalls, MINUTE_MS);

    const goals: Goal[] = [
      {
        item: "26",
        what:
          `coins ≥ ${fmt.int(MIN_CIRCULATING_USD)} USD with a price from ≥ 2 sources and a ` +
          `90-day history, after ${opts.warmSeconds} s of the refresher (store read directly)`,
        goal: `≥ ${pct(GOAL_COVERED_SHARE)}`,
        observed:
          `${pct(covShare)} (${cov.covered} / ${cov.eligible}); without the aggregate's own ` +
          `price as a source ${pct(share(cov.coveredStrict, cov.eligible))}`,
        pass: cov.eligible > 0 && covShare >= GOAL_COVERED_SHARE,
      },
      {
        item: "26",
        what: `market provider calls in any ${MINUTE_MS / 1000} s window (whole world)`,
        goal: `≤ ${CALLS_PER_MINUTE}`,
        observed: `${busiest} (${marketCalls.length} calls in all)`,
        pass: busiest <= CALLS_PER_MINUTE,
      },
      {
        item: "26",
        what: "`/api/stablecoin-depegs` (no q): coins covered (examined, history readable)",
        goal: `≥ ${GOAL_DEPEG_COINS}`,
        observed: `${depeg.covered} (${depeg.examined} examined), HTTP ${depegRes.status}`,
        pass: depegRes.status === 200 && depeg.covered >= GOAL_DEPEG_COINS,
      },
      {
        item: "26",
        what: "market-wide depeg log rebuilt by a fresh process on the warm store: upstream calls",
        goal: `≤ ${GOAL_REBUILD_CALLS}`,
        observed: `${rebuild.length}`,
        pass: depegRes.status === 200 && rebuild.length <= GOAL_REBUILD_CALLS,
      },
      ...pairs.map((p, i) => {
        const m = measured[i]!;
        return {
          item: "26",
          what: `warm ${p.label} throughput, coin #${TAIL_RANK} (\`${tailSelector}\`) ÷ USDC`,
          goal: `≥ ${GOAL_RATIO}×`,
          observed:
            `${fmt.ratio(m.ratio)} (rounds ${m.ratios.map(fmt.ratio).join(", ")}), ` +
            `${m.route.bad} / ${m.trivial.bad} non-2xx`,
          pass: m.ratio >= GOAL_RATIO && m.route.bad === 0 && m.trivial.bad === 0,
        };
      }),
    ];
    if (pairs.length === 0)
      goals.push({
        item: "26",
        what: `warm intel and asset page, coin #${TAIL_RANK} ÷ USDC`,
        goal: `≥ ${GOAL_RATIO}×`,
        observed: `the stored market lists ${market.coins.length} coins: no #${TAIL_RANK}`,
        pass: false,
      });

    const runs = [...passes.values()];
    const last = runs.at(-1);
    const body = [
      `Full recorded market, empty Redis, COINGECKO_CALLS_PER_MINUTE=${CALLS_PER_MINUTE}, ` +
        `DEXSCREENER_CALLS_PER_MINUTE=${DEFAULT_DEXSCREENER_CALLS_PER_MINUTE} (the default). ` +
        `A server with REFRESH_INTERVAL_SECONDS=${REFRESH_SECONDS} ran for ${opts.warmSeconds} s ` +
        `(no requests but /api/health every ${HEALTH_POLL_MS / 1000} s) and was stopped; it saw ` +
        `${runs.length} distinct pass(es) in health (${runs.map((r) => r.outcome).join(", ")}) and ` +
        `made ${refresherCalls} upstream calls. The store was then read with the read layer's ` +
        "cache-only peeks (no provider call). A price source: the market-wide quote batch " +
        "(CoinGecko), the DefiLlama coins price set, the aggregate list's own price; the judged " +
        "figure counts all three (as intel's `data.prices`), the strict one only the first two. " +
        `A 90-day history: a stored DefiLlama coins hourly series or CoinGecko 90-day chart ` +
        `spanning ≥ ${MIN_HISTORY_SPAN_MS / MS_PER_DAY} days.`,
      "",
      table(
        [
          "Coins ≥ $5M",
          "≥ 2 prices",
          "≥ 2 prices (strict)",
          "90-day history",
          "Both",
          "Both (strict)",
        ],
        [
          [
            cov.eligible,
            cov.twoPrices,
            cov.twoPricesStrict,
            cov.history,
            `**${cov.covered}** (${pct(covShare)})`,
            cov.coveredStrict,
          ],
        ],
      ),
      "",
      `Not covered (largest first, at most ${MISSING_LISTED}; what each lacks): ` +
        (cov.missing.slice(0, MISSING_LISTED).join(", ") || "none") +
        (cov.missing.length > MISSING_LISTED ? `, … (${cov.missing.length} in all)` : ""),
      "",
      "Covered only with the aggregate's price as the second source: " +
        (cov.missingStrict.slice(0, MISSING_LISTED).join(", ") || "none") +
        (cov.missingStrict.length > MISSING_LISTED
          ? `, … (${cov.missingStrict.length} in all)`
          : ""),
      "",
      `Last pass seen: ${last ? `${last.startedAt}, ${last.outcome}, budget ${budgetText(last)}` : "none"}.`,
      "",
      "Then a fresh server without the refresher on the same store: `/api/stablecoin-depegs` " +
        `once (HTTP ${depegRes.status}; ${depeg.examined} coins examined, ${depeg.covered} with a ` +
        `history), costing ${rebuild.length} upstream call(s)` +
        (rebuild.length > 0
          ? ` (${[...rebuildByProvider].map(([p, n]) => `${p} ${n}`).join(", ")})`
          : "") +
        `; then coin #${TAIL_RANK} vs USDC, each URL warmed ${WARM_UPS}× ` +
        `(statuses #${TAIL_RANK} / USDC: ${statuses.join("; ") || "n/a"}), measured side by side ` +
        `(autocannon, ${opts.connections} connections, ${opts.rounds} round(s), ` +
        `${opts.durationSeconds} s per pair and round).`,
      "",
      table(
        ["Target", `#${TAIL_RANK}`, "USDC", "÷ USDC", "rounds", "p99", "Result"],
        pairs.map((p, i) => {
          const m = measured[i]!;
          return [
            p.label,
            fmt.rps(m.route.rps),
            fmt.rps(m.trivial.rps),
            `**${fmt.ratio(m.ratio)}**`,
            m.ratios.map(fmt.ratio).join(", "),
            `${fmt.ms(m.route.p99Ms)} / ${fmt.ms(m.trivial.p99Ms)}`,
            m.ratio >= GOAL_RATIO ? "PASS" : "**FAIL**",
          ];
        }),
      ),
    ].join("\n");
    return { title: "9. Market-wide data plane (issue 26)", body, goals };
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
  }
}
