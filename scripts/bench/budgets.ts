/**
 * Issue 25 §2: provider budgets hold under bursts and a slow store. Calls are counted at the
 * fake upstream per fixed one-minute window (`rateWindow`, lib/budget/window.ts: the
 * windows the budget is kept in), so the figure is what the provider saw, whatever the server
 * believed it spent.
 *
 *   burst       COINGECKO_CALLS_PER_MINUTE=10, a fresh Redis-backed server, 22 concurrent cold
 *               intel requests over 11 coins (two per coin); again with Redis behind a proxy
 *               slower than the KV budget (the shared counter cannot be read in time).
 *   many coins  one client cycling over every coin the full-market fake knows, default budgets,
 *               bounded in time (6 × --duration, at most 60 s) and in count.
 *
 * Goals: market (and DEX) calls per window ≤ the budget, no 5xx, and since every world needs
 * more market calls than its budget, answers carrying `market_rate_budget` in `warning_codes`
 * (`dex_rate_budget` is counted and reported).
 */
import { z } from "zod";
import {
  DEFAULT_COINGECKO_CALLS_PER_MINUTE,
  DEFAULT_DEXSCREENER_CALLS_PER_MINUTE,
  DEFAULT_KV_TIMEOUT_MS,
} from "../../lib/config";
import { rateWindow } from "../../lib/budget/window";
import {
  fullMarketKnownIds,
  startFakeUpstream,
  TRACKED_COINGECKO_IDS,
  type FakeUpstream,
  type Provider,
} from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { callsPerFixedWindow } from "./call-windows";
import { flushRedis } from "./coalescing";
import { burst, median, timedGet, type Timed } from "./load";
import { fmt, table, type Goal, type Section } from "./report";
import { loadRouteBundle } from "./scenarios";
import { startNextApp } from "./servers";
import { startSlowProxy } from "./slow-proxy";

/** The burst: this budget, this many coins, this many concurrent requests per coin. */
const BURST_BUDGET = 10;
const BURST_COINS = 11;
const REQUESTS_PER_COIN = 2;
/** The slow store: every Redis reply held this long, past the KV budget. */
const SLOW_STORE_MS = 2 * DEFAULT_KV_TIMEOUT_MS;
const MANY_COINS_DURATION_FACTOR = 6;
const MANY_COINS_MAX_SECONDS = 60;
/** Bound on the many-coins loop besides its time: passes over the coin list. */
const MANY_COINS_MAX_PASSES = 100;
const HTTP_SERVER_ERROR = 500;
const MS_PER_SECOND = 1_000;

const intelPath = (coingeckoId: string) => `/api/stablecoin-intel?q=${coingeckoId}`;

const warningCodes = z.object({ warning_codes: z.array(z.string()).optional() });

/** Answers whose `warning_codes` carry `code` (bodies that are not JSON count as without). */
function carrying(answers: readonly Timed[], code: string): number {
  return answers.filter((a) => {
    let body: unknown;
    try {
      body = JSON.parse(a.body);
    } catch {
      return false;
    }
    const parsed = warningCodes.safeParse(body);
    return parsed.success && (parsed.data.warning_codes ?? []).includes(code);
  }).length;
}

interface ProviderCount {
  provider: Provider;
  budget: number;
  calls: number;
  /** Calls in each fixed minute window that saw any. */
  perWindow: number[];
}

function countCalls(fake: FakeUpstream, provider: Provider, budget: number): ProviderCount {
  const times = fake
    .requests()
    .filter((r) => r.provider === provider)
    .map((r) => r.at);
  const perWindow = callsPerFixedWindow(times, (t) => rateWindow(t).index).map((w) => w.calls);
  return { provider, budget, calls: times.length, perWindow };
}

const worst = (c: ProviderCount) => Math.max(0, ...c.perWindow);

interface BudgetRun {
  label: string;
  requests: number;
  wallMs: number;
  counts: ProviderCount[];
  marketBudgetAnswers: number;
  dexBudgetAnswers: number;
  serverErrors: number;
  statuses: Record<number, number>;
  slowestMs: number;
  medianMs: number;
}

function summarise(
  label: string,
  fake: FakeUpstream,
  answers: Timed[],
  wallMs: number,
  budgets: [Provider, number][],
): BudgetRun {
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const ms = answers.map((a) => a.ms);
  return {
    label,
    requests: answers.length,
    wallMs,
    counts: budgets.map(([p, b]) => countCalls(fake, p, b)),
    marketBudgetAnswers: carrying(answers, "market_rate_budget"),
    dexBudgetAnswers: carrying(answers, "dex_rate_budget"),
    serverErrors: answers.filter((a) => a.status >= HTTP_SERVER_ERROR).length,
    statuses,
    slowestMs: Math.max(0, ...ms),
    medianMs: ms.length ? median(ms) : 0,
  };
}

async function burstWorld(fake: FakeUpstream, redis: RedisServer, slowStore: boolean) {
  fake.resetScenarios();
  await flushRedis(redis.url);
  const proxy = slowStore ? await startSlowProxy(redis.url, SLOW_STORE_MS) : undefined;
  const app = await startNextApp({
    fake,
    redisUrl: proxy?.url ?? redis.url,
    env: { COINGECKO_CALLS_PER_MINUTE: String(BURST_BUDGET) },
  });
  try {
    await loadRouteBundle(app);
    const coins = TRACKED_COINGECKO_IDS.slice(0, BURST_COINS);
    const urls = Array.from({ length: REQUESTS_PER_COIN }, () =>
      coins.map((id) => app.url + intelPath(id)),
    ).flat();
    fake.clearRequests();
    const t0 = performance.now();
    const answers = await burst(urls);
    const label =
      `${urls.length} concurrent cold intel requests over ${coins.length} coins, ` +
      (slowStore ? `Redis answering in ${fmt.ms(SLOW_STORE_MS)}` : "Redis");
    return summarise(label, fake, answers, performance.now() - t0, [["coingecko", BURST_BUDGET]]);
  } finally {
    await app.stop();
    await proxy?.close();
  }
}

async function manyCoinsWorld(redis: RedisServer, seconds: number) {
  const full = await startFakeUpstream({ port: 0, market: "full" });
  await flushRedis(redis.url);
  const budgets: [Provider, number][] = [
    ["coingecko", DEFAULT_COINGECKO_CALLS_PER_MINUTE],
    ["dexscreener", DEFAULT_DEXSCREENER_CALLS_PER_MINUTE],
  ];
  const app = await startNextApp({
    fake: full,
    redisUrl: redis.url,
    env: {
      COINGECKO_CALLS_PER_MINUTE: String(DEFAULT_COINGECKO_CALLS_PER_MINUTE),
      DEXSCREENER_CALLS_PER_MINUTE: String(DEFAULT_DEXSCREENER_CALLS_PER_MINUTE),
    },
  });
  try {
    await loadRouteBundle(app);
    const ids = fullMarketKnownIds();
    full.clearRequests();
    const answers: Timed[] = [];
    const t0 = performance.now();
    const deadline = t0 + seconds * MS_PER_SECOND;
    for (let i = 0; i < ids.length * MANY_COINS_MAX_PASSES && performance.now() < deadline; i++)
      answers.push(await timedGet(app.url + intelPath(ids[i % ids.length]!)));
    const wallMs = performance.now() - t0;
    const label =
      `1 client cycling over the ${ids.length} coins of the full market for ` +
      `${(wallMs / MS_PER_SECOND).toFixed(0)} s (${fmt.int(answers.length)} requests), ` +
      "default budgets, Redis";
    return summarise(label, full, answers, wallMs, budgets);
  } finally {
    await app.stop();
    await full.close();
  }
}

const within = (r: BudgetRun) => r.counts.every((c) => worst(c) <= c.budget);
/**
 * Every world asks for more market calls than its budget allows (each coin has market keys of
 * its own: 11 cold coins > 10 calls; 228 coins > 30 a minute), so some reads must be refused
 * and their answers must say so.
 */
const passes = (r: BudgetRun) => within(r) && r.marketBudgetAnswers > 0 && r.serverErrors === 0;

export async function budgets(
  fake: FakeUpstream,
  redis: RedisServer,
  opts: { durationSeconds: number },
): Promise<Section> {
  const manySeconds = Math.min(
    MANY_COINS_MAX_SECONDS,
    opts.durationSeconds * MANY_COINS_DURATION_FACTOR,
  );
  const runs = [
    await burstWorld(fake, redis, false),
    await burstWorld(fake, redis, true),
    await manyCoinsWorld(redis, manySeconds),
  ];
  const callsText = (r: BudgetRun) =>
    r.counts
      .map((c) => `${c.provider} ${c.perWindow.join(" + ") || 0} (budget ${c.budget})`)
      .join("; ");
  const goals: Goal[] = runs.map((r) => ({
    item: "25.2",
    what: r.label,
    goal: "calls per minute window ≤ budget, refused reads answered with `market_rate_budget`, no 5xx",
    observed:
      `${callsText(r)}; ${r.marketBudgetAnswers} answer(s) with \`market_rate_budget\`, ` +
      `${r.serverErrors} 5xx`,
    pass: passes(r),
  }));
  const rows = runs.map((r) => [
    r.label,
    fmt.int(r.requests),
    Object.entries(r.statuses)
      .map(([s, n]) => `${n}× ${s}`)
      .join(", "),
    r.counts.map((c) => `${c.provider}: ${fmt.int(c.calls)}`).join("; "),
    r.counts.map((c) => `${c.provider}: **${worst(c)}** / ${c.budget}`).join("; "),
    r.marketBudgetAnswers,
    r.dexBudgetAnswers,
    `${fmt.ms(r.medianMs)} / ${fmt.ms(r.slowestMs)}`,
    fmt.ms(r.wallMs),
    passes(r) ? "PASS" : "**FAIL**",
  ]);
  const body = [
    "Provider calls as the fake upstream logged them, counted per fixed one-minute window " +
      "(the budget's own windows, `rateWindow` in lib/budget/window.ts). Burst worlds: a " +
      `fresh server with COINGECKO_CALLS_PER_MINUTE=${BURST_BUDGET} and an empty Redis, the ` +
      "intel route's bundle loaded, then every request at once (Node fetch). The slow store is " +
      `a TCP proxy holding every Redis reply ${fmt.ms(SLOW_STORE_MS)} (KV budget ` +
      `${fmt.ms(DEFAULT_KV_TIMEOUT_MS)}). Many coins: one client, one request at a time, over ` +
      `the full-market fake's CoinGecko ids (selector = the id), COINGECKO_CALLS_PER_MINUTE=` +
      `${DEFAULT_COINGECKO_CALLS_PER_MINUTE} and DEXSCREENER_CALLS_PER_MINUTE=` +
      `${DEFAULT_DEXSCREENER_CALLS_PER_MINUTE} (the defaults).`,
    "",
    table(
      [
        "World",
        "Requests",
        "Statuses",
        "Provider calls",
        "Worst window / budget",
        "`market_rate_budget`",
        "`dex_rate_budget`",
        "Median / slowest",
        "Wall time",
        "Result",
      ],
      rows,
    ),
  ].join("\n");
  return { title: "8b. Faults: provider budgets (issue 25 §2)", body, goals };
}
