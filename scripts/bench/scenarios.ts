/**
 * Count-based scenarios shared by the bench (which also reports their timings) and the system
 * tests (which assert only counts and bounds): coalescing bursts on one and several instances,
 * a dead lock holder, HTTP caching headers, and memory under a flood of invalid selectors.
 */
import { RESPONSE_MEMO_MS } from "../../lib/api/response-memo";
import { LOCAL_REUSE_MS } from "../../lib/snapshot/freshness";
import type { FakeUpstream, Provider } from "../../tests/fake-upstream/server";
import { collectAndMeasure, connectInspector, inspectorUrl, type Inspector } from "./inspector";
import { bounded, burst, get, timedGet, type Timed } from "./load";
import { rssBytes, type NextApp } from "./servers";

export const INTEL_PATH = "/api/stablecoin-intel?q=usdc";
export const SUPPLY_PATH = "/api/stablecoin-supply";
export const AGGREGATE_KEY = "aggregate:v1:defillama:stablecoins";
const PROVIDERS: readonly Provider[] = ["defillama", "coingecko", "dexscreener", "dune"];

/**
 * A running server uses its copy of an entry without asking the store for `LOCAL_REUSE_MS`
 * (lib/snapshot/freshness.ts) and replays a kept answer for `RESPONSE_MEMO_MS`
 * (lib/api/response-memo.ts). After its store was emptied, wait this long before a request that
 * must find the server cold (the next request then sees the entry gone and reads upstream).
 */
export const MEMO_LAPSE_MS = Math.max(LOCAL_REUSE_MS, RESPONSE_MEMO_MS) + 100;

export function memosLapse(): Promise<void> {
  return new Promise((r) => setTimeout(r, MEMO_LAPSE_MS));
}

export function slowAll(fake: FakeUpstream, delayMs: number): void {
  for (const p of PROVIDERS) fake.setScenario(p, "slow", { delayMs });
}

/**
 * Loads the intel route bundle (Next loads a route's bundle on its first request) with a 400
 * that reads neither cache nor provider, so a later request measures the read path only.
 */
export async function loadRouteBundle(app: NextApp): Promise<void> {
  const r = await timedGet(`${app.url}/api/stablecoin-intel?q=%21`);
  if (r.status !== 400) throw new Error(`loading the intel route bundle: HTTP ${r.status}`);
}

/** Upstream calls by provider-relative path (with query), as the fake logged them. */
export function upstreamCounts(fake: FakeUpstream): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of fake.requests()) {
    const key = `${r.provider} ${r.upstreamPath}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface BurstOutcome {
  requests: number;
  statuses: Record<number, number>;
  /** Distinct upstream endpoints (provider + path + query) called. */
  endpoints: number;
  upstreamCalls: number;
  /** Endpoints called more than once, with their counts. */
  duplicates: [string, number][];
  wallMs: number;
  responses: Timed[];
}

function summarise(fake: FakeUpstream, responses: Timed[], wallMs: number): BurstOutcome {
  const statuses: Record<number, number> = {};
  for (const r of responses) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const counts = upstreamCounts(fake);
  return {
    requests: responses.length,
    statuses,
    endpoints: counts.size,
    upstreamCalls: [...counts.values()].reduce((a, b) => a + b, 0),
    duplicates: [...counts].filter(([, n]) => n > 1),
    wallMs,
    responses,
  };
}

/**
 * `count` concurrent cold requests spread round-robin over `apps` (each app must start cold:
 * a fresh file store, or a flushed Redis). The fake's log is cleared first.
 */
export async function coldBurst(
  fake: FakeUpstream,
  apps: readonly NextApp[],
  count: number,
  path = INTEL_PATH,
): Promise<BurstOutcome> {
  fake.clearRequests();
  const urls = Array.from({ length: count }, (_, i) => apps[i % apps.length]!.url + path);
  const t0 = performance.now();
  const responses = await burst(urls);
  return summarise(fake, responses, performance.now() - t0);
}

/** How long a dead holder's read may take to land, and how often its answer is asked again. */
const DEAD_HOLDER_DEADLINE_MS = 30_000;
const DEAD_HOLDER_POLL_MS = 100;

/**
 * A lock for the aggregate key is held by an instance that died (planted by `plantLock`, never
 * released): the supply request answers within the request's wait budget (the data, or its
 * documented 503 while the read goes on), and the read lands by one direct upstream read after
 * the bounded wait: `response` is the first answer with the data.
 */
export async function deadHolderRead(
  fake: FakeUpstream,
  app: NextApp,
  plantLock: (key: string) => Promise<void>,
): Promise<{ first: Timed; response: Timed; aggregateCalls: number }> {
  await plantLock(`lock:${AGGREGATE_KEY}`);
  fake.clearRequests();
  const started = performance.now();
  const first = await timedGet(app.url + SUPPLY_PATH);
  let response = first;
  while (response.status !== 200 && performance.now() - started < DEAD_HOLDER_DEADLINE_MS) {
    await new Promise((r) => setTimeout(r, DEAD_HOLDER_POLL_MS));
    response = await timedGet(app.url + SUPPLY_PATH);
  }
  response = { ...response, ms: performance.now() - started };
  const aggregateCalls = fake
    .requests()
    .filter((r) => r.provider === "defillama" && r.upstreamPath.startsWith("/stablecoins")).length;
  return { first, response, aggregateCalls };
}

export interface ConditionalOutcome {
  path: string;
  status: number;
  etag: string | null;
  cacheControl: string | null;
  conditionalStatus: number;
  conditionalBytes: number;
}

/** Tries to reach the route's healthy answer: a copy past its fresh time answers stale once. */
const HEALTHY_TRIES = 10;
const HEALTHY_RETRY_MS = 200;

/**
 * A healthy 200, then the same request with its ETag. After a long run the route's entries are
 * past their fresh time: the first request is served stale (a warning, `no-store`) while one
 * refresh runs, so a `no-store` answer is retried (bounded) until the refresh has landed.
 */
export async function conditionalGet(app: NextApp, path: string): Promise<ConditionalOutcome> {
  let first = await get(app.url + path);
  await first.arrayBuffer();
  for (let i = 1; i < HEALTHY_TRIES && first.headers.get("cache-control") === "no-store"; i++) {
    await new Promise((r) => setTimeout(r, HEALTHY_RETRY_MS));
    first = await get(app.url + path);
    await first.arrayBuffer();
  }
  const etag = first.headers.get("etag");
  const second = await get(app.url + path, etag ? { "If-None-Match": etag } : {});
  const rest = await second.arrayBuffer();
  return {
    path,
    status: first.status,
    etag,
    cacheControl: first.headers.get("cache-control"),
    conditionalStatus: second.status,
    conditionalBytes: rest.byteLength,
  };
}

/** Even i → a well-formed unknown selector (404); odd i → a malformed one (400). */
export function invalidSelector(i: number): string {
  return i % 2 === 0 ? `nope-${i}` : `bad~${i}`;
}

export interface MemoryReading {
  /** VmRSS as found, before any forced collection. */
  rssRaw: number;
  /** VmRSS right after a full GC (forced through the inspector). */
  rss: number;
  /** V8 heap in use after that GC. */
  heapUsed: number;
}

export interface MemoryOutcome {
  distinct: number;
  warmupRequests: number;
  requests: number;
  statuses: Record<number, number>;
  afterWarmup: MemoryReading;
  atEnd: MemoryReading;
  wallMs: number;
}

/** The app must run with `--inspect=127.0.0.1:0` (see `MEMORY_NODE_ARGS`). */
export const MEMORY_NODE_ARGS = ["--inspect=127.0.0.1:0"];

/** VmRSS as found, then a full GC, then VmRSS and the V8 heap in use. */
export async function reading(app: NextApp, inspector: Inspector): Promise<MemoryReading> {
  const rssRaw = rssBytes(app.pid);
  const heapUsed = await collectAndMeasure(inspector);
  return { rssRaw, rss: rssBytes(app.pid), heapUsed };
}

/**
 * Warm-up over the same values, then `requests` more at bounded concurrency. Memory of the
 * server is read after a forced full GC at both points, so the comparison is of what is retained,
 * not of how lazily V8 chose to collect.
 */
export async function invalidSelectorFlood(
  app: NextApp,
  opts: { distinct?: number; warmup?: number; requests?: number; concurrency?: number } = {},
): Promise<MemoryOutcome> {
  const distinct = opts.distinct ?? 1_000;
  const warmup = opts.warmup ?? 1_000;
  const requests = opts.requests ?? 10_000;
  const concurrency = opts.concurrency ?? 16;
  const wsUrl = inspectorUrl(app.output());
  if (!wsUrl) throw new Error("the server was not started with MEMORY_NODE_ARGS (--inspect)");
  const inspector = await connectInspector(wsUrl);
  try {
    const statuses: Record<number, number> = {};
    const hit = async (i: number) => {
      const q = encodeURIComponent(invalidSelector(i % distinct));
      const res = await get(`${app.url}/api/stablecoin-intel?q=${q}`);
      await res.arrayBuffer();
      return res.status;
    };
    await bounded(warmup, concurrency, hit);
    const afterWarmup = await reading(app, inspector);
    const t0 = performance.now();
    const got = await bounded(requests, concurrency, hit);
    const wallMs = performance.now() - t0;
    for (const s of got) statuses[s] = (statuses[s] ?? 0) + 1;
    const atEnd = await reading(app, inspector);
    return { distinct, warmupRequests: warmup, requests, statuses, afterWarmup, atEnd, wallMs };
  } finally {
    inspector.close();
  }
}
