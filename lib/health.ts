/**
 * `/api/health`: which sources are configured, what their last call did and their share of
 * failed calls over the last five minutes (what the status judges), whether the cache answers,
 * and the per-instance telemetry counters. Never a key, URL or host.
 */
import { getConfig } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { getKv } from "@/lib/kv";
import { SOURCES, type SourceEntry } from "@/lib/providers/sources";
import { forgetRefresherHealth, refresherHealth, type RefresherHealth } from "@/lib/refresh/health";
import { backoffOf } from "@/lib/snapshot/local-state";
import { snapshotHealth } from "@/lib/snapshot/snapshots";
import { telemetry, type ProviderName } from "@/lib/telemetry";

export const KV_PROBE_KEY = "health:probe";
const KV_PROBE_TTL_SECONDS = 60;
/** The store is probed at most once per this interval per instance; between, the last result. */
export const HEALTH_PROBE_INTERVAL_MS = 10_000;

/**
 * A source is failing when, over the last `HEALTH_WINDOW_SECONDS`, at least `FAILING_SHARE` of its
 * calls failed and at least `MIN_FAILED_CALLS` did: one failed call (a 404 for a coin a provider
 * does not know) never degrades the service, a provider that keeps failing does.
 */
export const HEALTH_WINDOW_SECONDS = 5 * 60;
export const FAILING_SHARE = 0.5;
export const MIN_FAILED_CALLS = 3;

interface SourceHealth {
  name: string;
  provider: ProviderName;
  type: SourceEntry["type"];
  configured: boolean;
  lastCall: { outcome: string; at: string; durationMs: number } | null;
  /** Calls of this instance over the last `windowSeconds`: what the status judges. */
  recent: { windowSeconds: number; calls: number; failed: number; failureShare: number | null };
  /** Failing in a row here: how long its keys now cool down and when it is next asked. */
  backoff: ProviderBackoffHealth | null;
  /** What is wrong with this source's data as last read here (on-chain snapshots), codes beside. */
  warnings: string[];
  warning_codes: string[];
}

export interface HealthReport {
  status: "ok" | "degraded";
  uptimeSeconds: number;
  startedAt: string;
  sources: SourceHealth[];
  cache: { driver: string; ok: boolean; latencyMs: number; error?: string };
  /** The scheduled refresher (lib/refresh): its schedule here and the last pass of any instance. */
  refresher: RefresherHealth;
  telemetry: {
    note: string;
    providerCalls: ReturnType<typeof telemetry.providerCalls>;
    cache: Record<string, number>;
  };
}

/** Whether a source's recent calls say it is failing (the rule above). */
export function isFailing(recent: { calls: number; failed: number }): boolean {
  return recent.failed >= MIN_FAILED_CALLS && recent.failed >= recent.calls * FAILING_SHARE;
}

interface ProviderBackoffHealth {
  consecutiveFailures: number;
  cooldownMs: number;
  nextTryAt: string;
}

/** The read layer's backoff of a provider that keeps failing (null once it answers again). */
function backoffHealth(provider: ProviderName): ProviderBackoffHealth | null {
  const b = backoffOf(provider);
  if (!b) return null;
  const { consecutiveFailures, cooldownMs, nextTryMs } = b;
  return { consecutiveFailures, cooldownMs, nextTryAt: new Date(nextTryMs).toISOString() };
}

function source(
  now: number,
  name: string,
  provider: ProviderName,
  type: SourceHealth["type"],
  configured: boolean,
  found: { warnings: string[]; codes: string[] } = { warnings: [], codes: [] },
): SourceHealth {
  const last = telemetry.lastOutcome(provider);
  const recent = telemetry.recentCalls(provider, now, HEALTH_WINDOW_SECONDS * MS_PER_SECOND);
  return {
    name,
    provider,
    type,
    configured,
    lastCall: last
      ? { outcome: last.outcome, at: last.at, durationMs: Math.round(last.durationMs) }
      : null,
    recent: {
      windowSeconds: HEALTH_WINDOW_SECONDS,
      ...recent,
      failureShare: recent.calls > 0 ? recent.failed / recent.calls : null,
    },
    backoff: backoffHealth(provider),
    warnings: found.warnings,
    warning_codes: found.codes,
  };
}

async function probeCache(): Promise<HealthReport["cache"]> {
  const started = performance.now();
  const kv = getKv();
  try {
    await kv.set(KV_PROBE_KEY, { at: Date.now() }, KV_PROBE_TTL_SECONDS);
    await kv.get(KV_PROBE_KEY);
    return { driver: kv.driver, ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (e) {
    const kind =
      e && typeof e === "object" && "kind" in e ? String((e as { kind: unknown }).kind) : "error";
    return {
      driver: kv.driver,
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: kind,
    };
  }
}

interface ProbeSlot {
  kv: unknown;
  at: number;
  result: Promise<HealthReport["cache"]>;
}
const GLOBAL_SLOT = Symbol.for("stablecoin-intel.health-probe");
type GlobalWithProbe = typeof globalThis & { [GLOBAL_SLOT]?: ProbeSlot };

/**
 * The cached probe (a public, linked route must not bill a KV write per hit): concurrent
 * requests share one probe, and its result serves every request for the interval. A probe of a
 * replaced store (tests) or from a clock that went backwards is not reused.
 */
function cachedProbe(now: number): Promise<HealthReport["cache"]> {
  const slot = globalThis as GlobalWithProbe;
  const kept = slot[GLOBAL_SLOT];
  const age = kept ? now - kept.at : -1;
  if (kept && kept.kv === getKv() && age >= 0 && age < HEALTH_PROBE_INTERVAL_MS) return kept.result;
  const result = probeCache();
  slot[GLOBAL_SLOT] = { kv: getKv(), at: now, result };
  return result;
}

/** Tests: the next report probes the store again. */
export function forgetHealthProbe(): void {
  delete (globalThis as GlobalWithProbe)[GLOBAL_SLOT];
  forgetRefresherHealth();
}

export async function healthReport(now: number = Date.now()): Promise<HealthReport> {
  const config = getConfig();
  const duneConfigured =
    Boolean(config.providers.dune.apiKey) && Object.values(config.duneQueries).some(Boolean);
  const [cache, refresher] = await Promise.all([cachedProbe(now), refresherHealth(now)]);
  // Only the on-chain source needs a key and query ids; the others are keyless or keyed optionally.
  const sources = SOURCES.map((s) =>
    s.provider === "dune"
      ? source(now, s.name, s.provider, s.type, duneConfigured, snapshotHealth(now))
      : source(now, s.name, s.provider, s.type, true),
  );
  const failing = sources.some((s) => isFailing(s.recent) || s.warning_codes.length > 0);
  return {
    status: cache.ok && !failing && duneConfigured ? "ok" : "degraded",
    uptimeSeconds: Math.round((now - telemetry.startedAt) / MS_PER_SECOND),
    startedAt: new Date(telemetry.startedAt).toISOString(),
    sources,
    cache,
    refresher,
    telemetry: {
      note: "Per-instance counters; reset on cold start. Directional, not billing-grade.",
      providerCalls: telemetry.providerCalls(),
      cache: telemetry.cacheCounters(),
    },
  };
}
