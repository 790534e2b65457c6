/**
 * Issue 35 goals (the service's own history), on stores seeded with realistic history
 * (./history-seed): (a) the warm history route beside the trivial route of the same bytes;
 * (b) a 365-day answer for the largest coin, cold from the store, on fresh servers; (c) bytes per
 * coin per day as stored; (d) the embedded file store with 300 coins × 90 days. The report:
 * ./history-report.
 */
import { rmSync } from "node:fs";
import type { HistorySample } from "../../lib/history/sample";
import { DAY_MS } from "../../lib/history/windows";
import { createKv, type KvStore } from "../../lib/kv";
import type { FakeUpstream } from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { flushRedis } from "./coalescing";
import { sideBySideRounds, type SideBySide } from "./counterbalanced";
import {
  historyPath,
  historyReport,
  RAW_DAYS,
  WARM_WINDOWS,
  YEAR_DAYS,
  type Answer,
  type ManyCoins,
  type StoreRun,
} from "./history-report";
import {
  bytesOnDisk,
  hourlySeries,
  marketCoins,
  sampledCoins,
  storedSizes,
  storeSeries,
} from "./history-seed";
import { bounded, timedGet, trivialFor, type Timed } from "./load";
import type { Section } from "./report";
import { memosLapse } from "./scenarios";
import { startNextApp, tempDir } from "./servers";

/** Issue 35 (§1): "the embedded file store keeps working with 300 coins × 90 days". */
const MANY_COINS = 300;
/** Coins seeded at once: the store's writes overlap the next coin's encoding. */
const SEED_CONCURRENCY = 4;
/** Store operations while seeding: far above any write's time. */
const SEED_KV_TIMEOUT_MS = 30_000;
/** A malformed selector: a 400 that loads the route's bundle without reading the store. */
const BUNDLE_PATH = "/api/stablecoin-history?q=%21&window=7d";
const MARKET_LOG_PATH = "/api/stablecoin-events";
/** The log's price depeg part alone (no history rules): what the whole log costs beyond it. */
const DEPEG_LOG_PATH = "/api/stablecoin-events?type=depeg";

interface StoreSpec {
  name: string;
  redisUrl?: string;
  kvDir?: string;
}

function answerOf(r: Timed, calls: number): Answer {
  let points = -1;
  let warnings = "unparsable body";
  try {
    const body = JSON.parse(r.body) as { points?: unknown[]; warning_codes?: string[] };
    points = body.points?.length ?? -1;
    warnings = body.warning_codes?.join(", ") || "none";
  } catch {
    // reported as is
  }
  return { status: r.status, ms: r.ms, bytes: Buffer.byteLength(r.body), points, warnings, calls };
}

/** `paths` timed in turn on a server started for them (its bundle loaded first). */
async function firstAnswers(
  fake: FakeUpstream,
  st: StoreSpec,
  paths: readonly string[],
): Promise<Answer[]> {
  const app = await startNextApp({ fake, redisUrl: st.redisUrl, kvDir: st.kvDir });
  try {
    const bundle = await timedGet(app.url + BUNDLE_PATH);
    if (bundle.status !== 400) throw new Error(`history bundle load: HTTP ${bundle.status}`);
    const out: Answer[] = [];
    for (const p of paths) {
      if (out.length > 0) await memosLapse(); // a repeat must not come from the response memo
      fake.clearRequests();
      const started = performance.now();
      // A request past the client's time limit is reported, not thrown: (d) must show it.
      const r = await timedGet(app.url + p).catch((e: unknown): Timed => ({
        status: 0,
        ms: performance.now() - started,
        body: `{"warning_codes":["client: ${e instanceof Error ? e.name : "error"}"]}`,
      }));
      out.push(answerOf(r, fake.requests().length));
    }
    return out;
  } finally {
    await app.stop();
  }
}

function openStore(st: StoreSpec): KvStore {
  return st.redisUrl
    ? createKv({ driver: "redis", url: st.redisUrl }, { timeoutMs: SEED_KV_TIMEOUT_MS })
    : createKv({ driver: "file", dir: st.kvDir! }, { timeoutMs: SEED_KV_TIMEOUT_MS });
}

/** (a) on one server per store; its first answers also leave the coin's context in the store. */
async function warmSideBySide(
  fake: FakeUpstream,
  st: StoreSpec,
  q: string,
  opts: { durationSeconds: number; rounds: number; connections: number },
): Promise<{ warm: SideBySide[]; trivialLabels: string[] }> {
  const app = await startNextApp({
    fake,
    redisUrl: st.redisUrl,
    kvDir: st.kvDir,
    env: { BENCH_TRIVIAL_ROUTE: "1" },
  });
  try {
    const pairs = [];
    const trivialLabels: string[] = [];
    for (const w of WARM_WINDOWS) {
      const first = await timedGet(app.url + historyPath(q, w));
      if (first.status !== 200) throw new Error(`history ${w}: HTTP ${first.status}`);
      const trivial = trivialFor(first.body);
      trivialLabels.push(trivial.label);
      pairs.push({ routeUrl: app.url + historyPath(q, w), trivialUrl: app.url + trivial.path });
    }
    return { warm: await sideBySideRounds(pairs, opts), trivialLabels };
  } finally {
    await app.stop();
  }
}

export async function ownHistory(
  fakes: { fixture: FakeUpstream; full: FakeUpstream },
  redis: RedisServer,
  opts: { durationSeconds: number; rounds: number; connections: number; samples: number },
): Promise<Section> {
  const coins = await sampledCoins(fakes.fixture);
  const [largest, other] = coins;
  if (!largest || !other) throw new Error("the sampler took fewer than two samples");
  const q = largest.symbol.toLowerCase();
  const fileDir = tempDir("bench-history-kv-");
  const stores: StoreSpec[] = [
    { name: "Redis", redisUrl: redis.url },
    { name: "file store", kvDir: fileDir },
  ];
  const runs: StoreRun[] = [];
  try {
    for (const st of stores) {
      // (b, c) a year of the largest coin: 90 days of hourly chunks, daily months before.
      if (st.redisUrl) await flushRedis(st.redisUrl);
      const nowMs = Date.now();
      const kv = openStore(st);
      const year = hourlySeries(largest.sample, YEAR_DAYS, nowMs);
      await storeSeries(kv, largest.id, year, nowMs);
      // The same year under another coin: it warms a fresh server's code, not the coin's data.
      await storeSeries(kv, other.id, year, nowMs);
      const sizes = await storedSizes(kv, largest.id, nowMs - YEAR_DAYS * DAY_MS, nowMs);
      await kv.close();
      const { warm, trivialLabels } = await warmSideBySide(fakes.fixture, st, q, opts);
      // (b) a fresh server per sample: its first request the other coin's year (the process
      // cold), then the largest coin's (its data cold: judged), then that again (reference).
      const freshProcess: Answer[] = [];
      const cold: Answer[] = [];
      const warmProcess: Answer[] = [];
      const path365 = historyPath(q, "365d");
      const other365 = historyPath(other.symbol.toLowerCase(), "365d");
      for (let i = 0; i < opts.samples; i++) {
        const [fresh, first, again] = await firstAnswers(fakes.fixture, st, [
          other365,
          path365,
          path365,
        ]);
        freshProcess.push(fresh!);
        cold.push(first!);
        warmProcess.push(again!);
      }
      runs.push({ store: st.name, warm, trivialLabels, freshProcess, cold, warmProcess, sizes });
    }
  } finally {
    rmSync(fileDir, { recursive: true, force: true });
  }
  const many = await manyCoins(
    fakes.full,
    coins.map((c) => c.sample),
  );
  return historyReport({ q, coinId: largest.id, runs, many, opts });
}

/** (d) 300 coins × 90 days in a file store; one fresh server's answers. */
async function manyCoins(
  full: FakeUpstream,
  templates: readonly HistorySample[],
): Promise<ManyCoins> {
  const { coins, sampled } = await marketCoins(full);
  const market = coins.slice(0, MANY_COINS);
  const kvDir = tempDir("bench-history-many-");
  try {
    const nowMs = Date.now();
    const kv = openStore({ name: "file store", kvDir });
    const started = performance.now();
    await bounded(market.length, SEED_CONCURRENCY, (i) => {
      const template = templates[i % templates.length]!;
      return storeSeries(kv, market[i]!.id, hourlySeries(template, RAW_DAYS, nowMs), nowMs);
    });
    const seedMs = performance.now() - started;
    await kv.close();
    const diskBytes = bytesOnDisk(kvDir);
    const q = market[0]!.symbol.toLowerCase();
    const paths = [historyPath(q, "90d"), historyPath(q, "365d"), DEPEG_LOG_PATH, MARKET_LOG_PATH];
    const answers = await firstAnswers(full, { name: "file store", kvDir }, paths);
    return { coins: market.length, sampled, seedMs, diskBytes, answers, paths };
  } finally {
    rmSync(kvDir, { recursive: true, force: true });
  }
}
