/**
 * Realistic stored history for the issue 35 bench (./history). The shape of a coin's sample comes
 * from the real sampler: one refresher pass over the fake upstream (the demo's seeding, on an
 * in-memory store). It is replicated hourly with seeded noise and stored through the lib/history
 * codec as the writer and its retention leave it (tests/helpers/history-store: raw chunks for
 * the raw retention, daily months before it, the coin's meta).
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { listedAssets, type ListedAsset } from "../../lib/assets/listed";
import { getConfig, resetConfigForTests } from "../../lib/config";
import { MS_PER_SECOND } from "../../lib/domain/constants";
import { compactDaily, decodeDailyChunk, encodeDailyChunk } from "../../lib/history/daily";
import {
  DAILY_CHUNK_TTL_SECONDS,
  dailyChunkKey,
  dailyChunkKeys,
  metaKey,
  rawChunkKeys,
  RAW_RETENTION_MS,
} from "../../lib/history/keys";
import { splitForRetention } from "../../lib/history/retention";
import { decodeRawChunk, storedBytes } from "../../lib/history/raw-chunk";
import type { HistorySample } from "../../lib/history/sample";
import { DAY_MS } from "../../lib/history/windows";
import { MemoryKv, type KvStore } from "../../lib/kv";
import { fetchStablecoins } from "../../lib/providers/defillama/client";
import { DEMO_DUNE_QUERY_IDS, type FakeUpstream } from "../../tests/fake-upstream/server";
import { HOUR_MS, simulateHistory } from "../../tests/helpers/history-simulation";
import { seedHistory } from "../../tests/helpers/history-store";
import { seeded } from "../../tests/unit/history/fixtures";
import { DEMO_CALL_BUDGET_ENV } from "../demo-history";
import { DEMO_READ_KEY, tempDir } from "./servers";

/** The sampling: hourly (the default `HISTORY_SAMPLE_SECONDS`). */
export const SAMPLE_SECONDS = HOUR_MS / MS_PER_SECOND;
/** Hour-to-hour noise of the replicated samples (relative, ±): a calm market. */
const PRICE_NOISE = 0.0003;
const DEPTH_NOISE = 0.05;
const EXIT_NOISE = 0.15;
const SUPPLY_NOISE = 0.001;
/** Absolute noise of a chain-local peg, ± bps. */
const CHAIN_PEG_NOISE_BPS = 2;
const NOISE_SEED = 35;

export interface Coin {
  id: string;
  symbol: string;
  circulatingUsd: number;
}
export interface SampledCoin extends Coin {
  sample: HistorySample;
}

/** Runs `fn` with this process configured against `fake` (the lib reads its config once). */
async function againstFake<T>(fake: FakeUpstream, fn: () => Promise<T>): Promise<T> {
  const scratch = tempDir("bench-history-scratch-");
  const env: Record<string, string> = {
    ...fake.baseUrls,
    ...DEMO_DUNE_QUERY_IDS,
    DUNE_API_KEY: DEMO_READ_KEY,
    KV_DIR: scratch,
    HISTORY_SAMPLE_SECONDS: String(SAMPLE_SECONDS),
    ...DEMO_CALL_BUDGET_ENV,
  };
  const scrubbed = ["REDIS_URL", "KV_REST_API_URL", "KV_REST_API_TOKEN", "COINGECKO_API_KEY"];
  const saved = new Map(
    [...Object.keys(env), ...scrubbed].map((k) => [k, process.env[k]] as const),
  );
  for (const k of scrubbed) delete process.env[k];
  Object.assign(process.env, env);
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const coinOf = (a: ListedAsset): Coin => ({
  id: a.id,
  symbol: a.symbol,
  circulatingUsd: a.circulatingUsd,
});

/**
 * The market's coins: the listed ones largest first, then the others in upstream order; and how
 * many of them the sampler (and the market-wide log) takes: listed, at or above the floor.
 */
export function marketCoins(fake: FakeUpstream): Promise<{ coins: Coin[]; sampled: number }> {
  return againstFake(fake, async () => {
    const { assets } = await fetchStablecoins();
    const listed = listedAssets(assets);
    const ids = new Set(listed.map((a) => a.id));
    const others = assets
      .filter((a) => !ids.has(a.id))
      .map((a) => ({ id: a.id, symbol: a.symbol, circulatingUsd: a.circulatingUsd ?? 0 }));
    const floor = getConfig().history.minCirculatingUsd;
    return {
      coins: [...listed.map(coinOf), ...others],
      sampled: listed.filter((a) => a.circulatingUsd >= floor).length,
    };
  });
}

/** One real sample of every coin the sampler took, largest coin first. */
export function sampledCoins(fake: FakeUpstream): Promise<SampledCoin[]> {
  return againstFake(fake, async () => {
    const startMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const kv = new MemoryKv({ now: () => startMs });
    try {
      const timeline = { startMs, intervalMs: HOUR_MS };
      await simulateHistory({ fake, kv, timeline, samples: 1, episodes: false });
      const out: SampledCoin[] = [];
      for (const a of listedAssets((await fetchStablecoins()).assets)) {
        const [key] = rawChunkKeys(a.id, SAMPLE_SECONDS, startMs, startMs);
        const stored = await kv.get(key!);
        const sample = stored === undefined ? undefined : decodeRawChunk(stored).at(-1);
        if (sample) out.push({ ...coinOf(a), sample });
      }
      return out;
    } finally {
      await kv.close();
    }
  });
}

const scaled = (v: number | null, noise: number, rand: () => number) =>
  v === null ? null : v * (1 + (rand() - 0.5) * 2 * noise);
const scaledRecord = (r: Record<string, number | null>, noise: number, rand: () => number) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, scaled(v, noise, rand)]));

/** `template` taken at `tMs` instead: same sources and as-of lags, values moved by noise. */
function replicate(template: HistorySample, tMs: number, rand: () => number): HistorySample {
  const shift = (asOf: number | null) => (asOf === null ? null : asOf + tMs - template.t);
  const { price, depth_2pct_usd: depth, exit_cost_bps: exit, sale_1m: sale } = template;
  const priceFactor = 1 + (rand() - 0.5) * 2 * PRICE_NOISE;
  return {
    t: tMs,
    price: {
      ...price,
      usd: price.usd === null ? null : price.usd * priceFactor,
      as_of: shift(price.as_of),
    },
    depth_2pct_usd: {
      ...depth,
      total_usd: scaled(depth.total_usd, DEPTH_NOISE, rand),
      cex_usd: scaled(depth.cex_usd, DEPTH_NOISE, rand),
      dex_usd: scaled(depth.dex_usd, DEPTH_NOISE, rand),
      venues: scaledRecord(depth.venues, DEPTH_NOISE, rand),
      as_of: shift(depth.as_of),
    },
    exit_cost_bps: {
      ...exit,
      usd_100k: scaled(exit.usd_100k, EXIT_NOISE, rand),
      usd_1m: scaled(exit.usd_1m, EXIT_NOISE, rand),
      usd_10m: scaled(exit.usd_10m, EXIT_NOISE, rand),
      as_of: shift(exit.as_of),
    },
    sale_1m: {
      ...sale,
      price_usd: sale.price_usd === null ? null : sale.price_usd * priceFactor,
      as_of: shift(sale.as_of),
    },
    chain_peg_bps: {
      ...template.chain_peg_bps,
      chains: Object.fromEntries(
        Object.entries(template.chain_peg_bps.chains).map(([c, v]) => [
          c,
          v === null ? null : v + (rand() - 0.5) * 2 * CHAIN_PEG_NOISE_BPS,
        ]),
      ),
      as_of: shift(template.chain_peg_bps.as_of),
    },
    risk_score: { ...template.risk_score, as_of: shift(template.risk_score.as_of) },
    circulating_usd: {
      ...template.circulating_usd,
      usd: scaled(template.circulating_usd.usd, SUPPLY_NOISE, rand),
      as_of: shift(template.circulating_usd.as_of),
    },
  };
}

/** `days` of hourly samples ending at the hour before `nowMs`, each replicated from `template`. */
export function hourlySeries(
  template: HistorySample,
  days: number,
  nowMs: number,
): HistorySample[] {
  const rand = seeded(NOISE_SEED);
  const lastMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const count = (days * DAY_MS) / HOUR_MS;
  return Array.from({ length: count }, (_, i) =>
    replicate(template, lastMs - (count - 1 - i) * HOUR_MS, rand),
  );
}

/**
 * Stores a coin's series as the writer and its retention leave it: raw chunks for the raw
 * retention and daily months before it (seedHistory), plus what the writer adds on top: every
 * complete day still kept raw already folded into its month's daily rows (`foldDay`, a month at
 * a time here), and the meta with the latest sample.
 */
export async function storeSeries(
  store: KvStore,
  coinId: string,
  samples: readonly HistorySample[],
  nowMs: number,
): Promise<void> {
  await seedHistory(store, coinId, samples, { intervalSeconds: SAMPLE_SECONDS, nowMs });
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const folded = splitForRetention(samples, nowMs).raw.filter((s) => s.t < today);
  const months = new Map<string, HistorySample[]>();
  for (const s of folded) {
    const key = dailyChunkKey(coinId, s.t);
    months.set(key, [...(months.get(key) ?? []), s]);
  }
  for (const [key, month] of months) {
    const stored = await store.get(key);
    const fresh = compactDaily(month);
    const days = new Set(fresh.map((r) => r.day_ms));
    const kept = stored === undefined || stored === null ? [] : decodeDailyChunk(stored);
    const rows = [...kept.filter((r) => !days.has(r.day_ms)), ...fresh].sort(
      (a, b) => a.day_ms - b.day_ms,
    );
    await store.set(key, encodeDailyChunk(rows), DAILY_CHUNK_TTL_SECONDS);
  }
  const [first] = samples;
  const last = samples.at(-1);
  if (first && last) {
    const meta = {
      history_start_ms: first.t,
      interval_s: SAMPLE_SECONDS,
      last_sample_ms: last.t,
    };
    await store.set(metaKey(coinId), meta, DAILY_CHUNK_TTL_SECONDS);
  }
}

export interface StoredSizes {
  /** The raw chunks of the raw retention, with the meta; and the days their samples cover. */
  rawBytes: number;
  rawDays: number;
  /** The window's daily months (a row for every complete day, raw or not), and their rows. */
  dailyBytes: number;
  dailyDays: number;
}

/** What the store holds of one coin over [fromMs, nowMs], read back value by value. */
export async function storedSizes(
  store: KvStore,
  coinId: string,
  fromMs: number,
  nowMs: number,
): Promise<StoredSizes> {
  const values = (keys: string[]) => Promise.all(keys.map((k) => store.get(k)));
  const present = (xs: unknown[]) => xs.filter((x) => x !== undefined && x !== null);
  const rawFromMs = nowMs - RAW_RETENTION_MS;
  const raw = present(await values([...rawChunkKeys(coinId, SAMPLE_SECONDS, rawFromMs, nowMs)]));
  const meta = present(await values([metaKey(coinId)]));
  const daily = present(await values(dailyChunkKeys(coinId, fromMs, nowMs)));
  const bytes = (xs: unknown[]) => xs.reduce<number>((a, x) => a + storedBytes(x), 0);
  const samples = raw.flatMap((c) => decodeRawChunk(c)).length;
  return {
    rawBytes: bytes(raw) + bytes(meta),
    rawDays: (samples * HOUR_MS) / DAY_MS,
    dailyBytes: bytes(daily),
    dailyDays: daily.flatMap((m) => decodeDailyChunk(m)).length,
  };
}

/** Bytes of the files under `dir` (the embedded file store on disk). */
export function bytesOnDisk(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => statSync(path.join(dir, f)))
    .filter((s) => s.isFile())
    .reduce((a, s) => a + s.size, 0);
}
