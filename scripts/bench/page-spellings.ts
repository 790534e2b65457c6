/**
 * Issue 25 §4: the asset page's cache stays bounded. Every distinct `/stablecoins/<segment>` a
 * client can type — case variants of real selectors, their CoinGecko and DefiLlama ids, random
 * strings — must not store a page each. Counts bytes on disk (the build directory the server
 * serves from) and the server's RSS after a forced full GC, never time.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createClient } from "redis";
import { connectInspector, inspectorUrl } from "./inspector";
import { bounded, get } from "./load";
import { reading, type MemoryReading } from "./scenarios";
import { buildDir, type NextApp } from "./servers";

/** Growth allowed over the flood (issue 25 §4). */
export const PAGE_CACHE_DISK_BOUND_BYTES = 5_000_000;
export const PAGE_CACHE_RSS_BOUND_BYTES = 32_000_000;
export const SPELLING_FLOOD_REQUESTS = 2_000;
/**
 * Unknown selectors leave nothing behind: after a warm-up of this many distinct random and
 * case-variant paths, as many more grow the RSS (after a full GC) by less than the bound, and the
 * build directory and the store not at all.
 */
export const UNKNOWN_PATHS_HALF = 1_500;
export const UNKNOWN_PATHS_RSS_BOUND_BYTES = 16_000_000;

const CONCURRENCY = 16;
const RANDOM_SEGMENT_LENGTH = 10;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** Knuth's multiplicative hash spreads consecutive `n` before the generator runs. */
const HASH_MULTIPLIER = 2_654_435_761;
/** The C library's linear congruential generator, modulo 2^32. */
const LCG_MULTIPLIER = 1_103_515_245;
const LCG_INCREMENT = 12_345;
/** An LCG's low bits cycle fast: letters come from the high ones. */
const LCG_DISCARDED_LOW_BITS = 16;

/** What the supply route says about each coin: the canonical selector and the other spellings. */
export interface CoinSpellings {
  selector: string;
  defillamaId: string;
  coingeckoId: string | null;
}

export async function coinSpellings(app: NextApp): Promise<CoinSpellings[]> {
  const res = await get(`${app.url}/api/stablecoin-supply`);
  if (res.status !== 200) throw new Error(`/api/stablecoin-supply: HTTP ${res.status}`);
  const body = (await res.json()) as {
    assets: { selector: string; id: string; coingecko_id: string | null }[];
  };
  return body.assets.map((a) => ({
    selector: a.selector,
    defillamaId: a.id,
    coingeckoId: a.coingecko_id,
  }));
}

/** The `n`-th mixed-case spelling of `s` (bit k of n+1 upper-cases letter k): never `s` itself. */
export function caseVariant(s: string, n: number): string {
  const letters = [...s].filter((c) => c.toLowerCase() !== c.toUpperCase()).length;
  const variants = 2 ** letters - 1;
  if (variants === 0) return s;
  let bits = (n % variants) + 1;
  return [...s]
    .map((c) => {
      if (c.toLowerCase() === c.toUpperCase()) return c;
      const upper = (bits & 1) === 1;
      bits >>= 1;
      return upper ? c.toUpperCase() : c.toLowerCase();
    })
    .join("");
}

/**
 * Deterministic pseudo-random lowercase segment (a well-formed selector nobody uses). 32-bit
 * integer steps (`Math.imul`, `>>> 0`): products above 2^53 lose their low bits as doubles, and
 * the segments then repeat after about a thousand.
 */
export function randomSegment(n: number): string {
  let x = Math.imul(n + 1, HASH_MULTIPLIER) >>> 0;
  let out = "zz";
  for (let i = 0; i < RANDOM_SEGMENT_LENGTH; i++) {
    x = (Math.imul(x, LCG_MULTIPLIER) + LCG_INCREMENT) >>> 0;
    out += ALPHABET[(x >>> LCG_DISCARDED_LOW_BITS) % ALPHABET.length];
  }
  return out;
}

/**
 * `count` distinct segments: even i → a case variant of some coin's selector (distinct across the
 * run while the coin has variants left, else a random one); odd i → a random string.
 */
export function floodSegments(coins: readonly CoinSpellings[], count: number, salt = 0): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const coin = coins[Math.floor(i / 2) % coins.length];
    const round = Math.floor(i / 2 / coins.length);
    const candidate =
      i % 2 === 0 && coin
        ? caseVariant(coin.selector, round * 2 + salt)
        : randomSegment(i * 2 + salt);
    if (candidate === coin?.selector || seen.has(candidate)) continue;
    seen.add(candidate);
    out.push(candidate);
  }
  return out;
}

/** Bytes of every file under `dir` (sizes as stored, symlinks not followed). */
export function treeBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const st = statSync(full, { throwIfNoEntry: false });
    if (!st) continue;
    total += st.isDirectory() ? treeBytes(full) : st.size;
  }
  return total;
}

const storeBytes = (app: NextApp): number | null => (app.kvDir ? treeBytes(app.kvDir) : null);

/** Keys in the Redis at `url` (every key the server wrote, whatever its prefix). */
async function redisKeyCount(url: string): Promise<number> {
  const client = createClient({ url });
  await client.connect();
  try {
    return await client.dbSize();
  } finally {
    client.destroy();
  }
}

export interface SpellingFloodOutcome {
  requests: number;
  statuses: Record<number, number>;
  diskBefore: number;
  diskAfter: number;
  /** VmRSS after a full GC at both ends (as in `before`/`after`). */
  rssBefore: number;
  rssAfter: number;
  /** Both ends: VmRSS as found, VmRSS and V8 heap after a full GC. */
  before: MemoryReading;
  after: MemoryReading;
  /** Bytes of the file store (its `KV_DIR`); null when the server uses Redis. */
  storeBefore: number | null;
  storeAfter: number | null;
  /** Keys in the server's Redis (`redisUrl`); null for the file store. */
  storeKeysBefore: number | null;
  storeKeysAfter: number | null;
}

/**
 * One request per segment (redirects not followed), `CONCURRENCY` in flight. The server must run
 * with `--inspect` (MEMORY_NODE_ARGS): memory is read after a forced full GC at both ends. A warm-up
 * over other distinct segments loads the route and proxy bundles first. `redisUrl`: the server's
 * Redis, whose keys are counted at both ends.
 */
export async function spellingFlood(
  app: NextApp,
  opts: { requests?: number; warmup?: number; redisUrl?: string } = {},
): Promise<SpellingFloodOutcome> {
  const requests = opts.requests ?? SPELLING_FLOOD_REQUESTS;
  const warmup = opts.warmup ?? CONCURRENCY * 4;
  const wsUrl = inspectorUrl(app.output());
  if (!wsUrl) throw new Error("the server was not started with MEMORY_NODE_ARGS (--inspect)");
  const coins = await coinSpellings(app);
  const all = floodSegments(coins, warmup + requests);
  const hit = async (segment: string) => {
    const res = await get(`${app.url}/stablecoins/${encodeURIComponent(segment)}`, {}, "manual");
    await res.arrayBuffer();
    return res.status;
  };
  const keys = () => (opts.redisUrl ? redisKeyCount(opts.redisUrl) : Promise.resolve(null));
  const inspector = await connectInspector(wsUrl);
  try {
    await bounded(warmup, CONCURRENCY, (i) => hit(all[i]!));
    const before = await reading(app, inspector);
    const diskBefore = treeBytes(buildDir());
    const storeBefore = storeBytes(app);
    const storeKeysBefore = await keys();
    const got = await bounded(requests, CONCURRENCY, (i) => hit(all[warmup + i]!));
    const after = await reading(app, inspector);
    const statuses: Record<number, number> = {};
    for (const s of got) statuses[s] = (statuses[s] ?? 0) + 1;
    return {
      requests,
      statuses,
      diskBefore,
      diskAfter: treeBytes(buildDir()),
      rssBefore: before.rss,
      rssAfter: after.rss,
      before,
      after,
      storeBefore,
      storeAfter: storeBytes(app),
      storeKeysBefore,
      storeKeysAfter: await keys(),
    };
  } finally {
    inspector.close();
  }
}
