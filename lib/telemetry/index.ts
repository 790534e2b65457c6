/**
 * Per-instance telemetry (docs/api.md, `/api/health`): counters live in this process's memory and reset on cold
 * start, so they are directional, not billing-grade. Nothing here ever records a URL with a
 * query string, a header or a key: only provider names and endpoint *templates*.
 */

export type ProviderName =
  | "defillama"
  | "defillama-coins"
  | "coingecko"
  | "dexscreener"
  | "dune"
  | "binance"
  | "kraken"
  | "coinbase"
  | "kyberswap";
export type CallOutcome = "ok" | "timeout" | "http" | "network" | "schema" | "too_large";

export interface ProviderCallRecord {
  provider: ProviderName;
  /** Endpoint template, e.g. `/coins/{id}/market_chart` — never a concrete URL. */
  endpoint: string;
  outcome: CallOutcome;
  durationMs: number;
  status?: number;
}

interface Counter {
  provider: ProviderName;
  endpoint: string;
  outcome: CallOutcome;
  count: number;
  totalDurationMs: number;
  maxDurationMs: number;
}

/**
 * `wait`: one poll interval spent waiting on another holder's read; `cooling`: answered without
 * asking upstream because the key's last read failed; `over-budget`: a provider call refused by
 * its call budget; `local-budget`: a call counted against this process' share because the
 * shared counter could not be read in time.
 */
export type CacheEvent =
  | "hit"
  | "memo"
  | "miss"
  | "stale"
  | "coalesced"
  | "error"
  | "write"
  | "bypass"
  | "wait"
  | "cooling"
  | "over-budget"
  | "local-budget";

/**
 * The last read of one scheduled snapshot in this process: why it was unavailable, or what its
 * read-time issues are computed from (`lib/snapshot/snapshot-quality.ts`), for `/api/health`.
 */
export type SnapshotNote =
  | { ok: false; reason: string; warning: string }
  | {
      ok: true;
      ttlSeconds: number;
      executionEndedAt: string;
      state: string;
      truncated: boolean;
      droppedRows: number;
    };

/**
 * Calls of each provider are also counted in buckets of this length, so `/api/health` can judge a
 * source by its share of failures over a recent window rather than by its very last call.
 */
const RECENT_BUCKET_MS = 10_000;
/** The longest window a caller may ask about; older buckets are dropped. */
export const RECENT_WINDOW_MAX_MS = 15 * 60_000;

export interface RecentCalls {
  calls: number;
  failed: number;
}

class Telemetry {
  readonly startedAt = Date.now();
  private readonly calls = new Map<string, Counter>();
  private readonly cache = new Map<string, number>();
  /** Each provider's last call, kept per provider: a busy one never hides a quiet one's. */
  private readonly last = new Map<ProviderName, ProviderCallRecord & { at: string }>();
  private readonly snapshots = new Map<string, SnapshotNote>();
  /** Per provider: bucket index (time / RECENT_BUCKET_MS) → calls and failures in it. */
  private readonly recent = new Map<ProviderName, Map<number, RecentCalls>>();

  recordProviderCall(r: ProviderCallRecord, nowMs: number = Date.now()): void {
    const key = `${r.provider} ${r.endpoint} ${r.outcome}`;
    const c = this.calls.get(key) ?? {
      provider: r.provider,
      endpoint: r.endpoint,
      outcome: r.outcome,
      count: 0,
      totalDurationMs: 0,
      maxDurationMs: 0,
    };
    c.count += 1;
    c.totalDurationMs += r.durationMs;
    c.maxDurationMs = Math.max(c.maxDurationMs, r.durationMs);
    this.calls.set(key, c);
    this.last.set(r.provider, { ...r, at: new Date(nowMs).toISOString() });
    this.countRecent(r.provider, r.outcome !== "ok", nowMs);
  }

  private countRecent(provider: ProviderName, failed: boolean, nowMs: number): void {
    const buckets = this.recent.get(provider) ?? new Map<number, RecentCalls>();
    this.recent.set(provider, buckets);
    const index = Math.floor(nowMs / RECENT_BUCKET_MS);
    const oldest = index - Math.ceil(RECENT_WINDOW_MAX_MS / RECENT_BUCKET_MS);
    for (const k of buckets.keys()) if (k < oldest) buckets.delete(k);
    const b = buckets.get(index) ?? { calls: 0, failed: 0 };
    b.calls += 1;
    if (failed) b.failed += 1;
    buckets.set(index, b);
  }

  /** One provider's calls and failures over the last `windowMs` (to the bucket). */
  recentCalls(provider: ProviderName, nowMs: number, windowMs: number): RecentCalls {
    const index = Math.floor(nowMs / RECENT_BUCKET_MS);
    const from = index - Math.ceil(windowMs / RECENT_BUCKET_MS) + 1;
    const out: RecentCalls = { calls: 0, failed: 0 };
    for (const [k, b] of this.recent.get(provider) ?? []) {
      if (k < from || k > index) continue;
      out.calls += b.calls;
      out.failed += b.failed;
    }
    return out;
  }

  /** `scope` is a cache namespace such as `snapshot:breakdown` or `live` — never a user value. */
  recordCache(scope: string, event: CacheEvent): void {
    const key = `${scope} ${event}`;
    this.cache.set(key, (this.cache.get(key) ?? 0) + 1);
  }

  /** `name` is a configured snapshot's name (`supplyByChain`, …) — never a user value. */
  recordSnapshot(name: string, note: SnapshotNote): void {
    this.snapshots.set(name, note);
  }

  snapshotNote(name: string): SnapshotNote | undefined {
    return this.snapshots.get(name);
  }

  providerCalls(): Counter[] {
    return [...this.calls.values()].map((c) => ({ ...c }));
  }

  /** Total calls for one provider (optionally one endpoint template), all outcomes. */
  countCalls(provider: ProviderName, endpoint?: string): number {
    let n = 0;
    for (const c of this.calls.values()) {
      if (c.provider === provider && (endpoint === undefined || c.endpoint === endpoint))
        n += c.count;
    }
    return n;
  }

  cacheCounters(): Record<string, number> {
    return Object.fromEntries(this.cache);
  }

  /** One cache event's count over every scope (e.g. how often a request waited on a holder). */
  cacheEventCount(event: CacheEvent): number {
    let n = 0;
    for (const [key, count] of this.cache) if (key.endsWith(` ${event}`)) n += count;
    return n;
  }

  lastOutcome(provider: ProviderName): (ProviderCallRecord & { at: string }) | undefined {
    return this.last.get(provider);
  }

  reset(): void {
    this.calls.clear();
    this.cache.clear();
    this.last.clear();
    this.snapshots.clear();
    this.recent.clear();
  }
}

// One instance per process, shared across route bundles through globalThis.
const globalKey = Symbol.for("stablecoin-intel.telemetry");
type GlobalWithTelemetry = typeof globalThis & { [globalKey]?: Telemetry };
const g = globalThis as GlobalWithTelemetry;
export const telemetry: Telemetry = (g[globalKey] ??= new Telemetry());
