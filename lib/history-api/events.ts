/**
 * GET /api/stablecoin-events: one log of what happened to a coin (`q`) or across the market —
 * the events raised from the service's own history (lib/domain `historyEvents` over each sampled
 * coin's samples) and the price depeg events of the depeg log as `type: "depeg"` (its builder,
 * its rule). Filters: `type`, `confirmed`; an event is in the window when it overlaps it.
 *
 * History events come from the raw samples (kept 90 days): a longer window lists the older
 * depeg events only, and says so when the coins' history is older than that.
 */
import { loadAssetContext, type AssetContext } from "@/lib/assets/context";
import { listedAssets } from "@/lib/assets/listed";
import { preferredSelector, toAggregateRef } from "@/lib/assets/resolve";
import { type Warning } from "@/lib/assets/warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import { getConfig } from "@/lib/config";
import { depegsOfContext, getDepegs, type EventsWindow } from "@/lib/depegs";
import { historyEvents } from "@/lib/domain/history-events";
import type { EventCoin } from "@/lib/domain/history-events-core";
import { DRAIN_BASELINE_WINDOW_MS } from "@/lib/domain/liquidity-drain";
import { RISK_CHANGE_WINDOW_MS } from "@/lib/domain/risk-score-change";
import type { AggregateAsset } from "@/lib/domain/types";
import { RAW_RETENTION_MS } from "@/lib/history/keys";
import { scanStore } from "@/lib/kv/scan";
import { eventSampleReads, readEventSamples, type HistoryReadIssue } from "@/lib/history/read";
import { HISTORY_WINDOW_MS, type HistoryWindow, type LogEventType } from "@/lib/history/windows";
import { readAggregate } from "@/lib/snapshot/live";
import { calledUpstream } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { historyAsset } from "./asset";
import { depegLogEvent, historyLogEvent, newestEventFirst } from "./log-events";
import type { EventsResponse, HistoryAsset, LogEvent } from "./types";
import { degradedBy, HW, readIssueWarnings } from "./warnings";

export interface EventsInput {
  q?: string;
  type?: LogEventType;
  window: HistoryWindow;
  confirmed?: boolean;
  /** Pages only (a chain page's chain-local depegs): events on this chain. */
  chain?: string;
}

export type EventsResult =
  | {
      ok: true;
      body: Omit<EventsResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; suggestions: string[] };

/** Samples the rules need before the window: a drain's trailing median (the longer lookback). */
const LOOKBACK_MS = Math.max(DRAIN_BASELINE_WINDOW_MS, RISK_CHANGE_WINDOW_MS);

/** The depeg log's window that covers a log window. */
function depegWindow(window: HistoryWindow): EventsWindow {
  const ms = HISTORY_WINDOW_MS[window];
  if (ms <= HISTORY_WINDOW_MS["30d"]) return "30d";
  return ms <= HISTORY_WINDOW_MS["90d"] ? "90d" : "365d";
}

interface CoinRef extends EventCoin {
  coinId: string;
}

/** The sampled coins of the market, as the sampler picks them: listed coins at or above the floor. */
function sampledCoins(assets: readonly AggregateAsset[]): CoinRef[] {
  const floor = getConfig().history.minCirculatingUsd;
  const refs = assets.map(toAggregateRef);
  return listedAssets(assets)
    .filter((a) => a.circulatingUsd >= floor)
    .map((a) => ({ symbol: a.symbol, selector: preferredSelector(a, refs), coinId: a.id }));
}

interface HistoryPart {
  events: LogEvent[];
  historyStartMs: number | null;
  lastSampleMs: number | null;
  issues: HistoryReadIssue[];
}

async function historyPart(coins: readonly CoinRef[], fromMs: number, nowMs: number) {
  const perCoin = eventSampleReads(fromMs, nowMs, LOOKBACK_MS);
  const parts: HistoryPart[] = await scanStore(coins, perCoin, async (coin) => {
    const read = await readEventSamples(coin.coinId, fromMs, nowMs, LOOKBACK_MS);
    const events = historyEvents(coin, read.samples)
      .filter((e) => (e.endMs ?? nowMs) >= fromMs)
      .map(historyLogEvent);
    return {
      events,
      historyStartMs: read.historyStartMs,
      lastSampleMs: read.samples.at(-1)?.t ?? null,
      issues: read.issues,
    };
  });
  const starts = parts.flatMap((p) => (p.historyStartMs === null ? [] : [p.historyStartMs]));
  const lasts = parts.flatMap((p) => (p.lastSampleMs === null ? [] : [p.lastSampleMs]));
  return {
    events: parts.flatMap((p) => p.events),
    historyStartMs: starts.length > 0 ? Math.min(...starts) : null,
    lastSampleMs: lasts.length > 0 ? Math.max(...lasts) : null,
    issues: [...new Set(parts.flatMap((p) => p.issues))],
  };
}

/**
 * The coin asked for (with its context, resolved once for the whole log), or the market's
 * sampled coins; not ok: an unknown coin (suggestions).
 */
async function coinsOf(q: string | undefined, readOpts?: ReadOpts) {
  if (q !== undefined) {
    const r = await loadAssetContext(q, {}, readOpts);
    if (!r.ok) return r;
    const { asset, coinId } = historyAsset(r.ctx);
    const coins: CoinRef[] = coinId === null ? [] : [{ ...asset, coinId }];
    const { ctx } = r;
    return { ok: true as const, asset, ctx, coins, warnings: ctx.warnings, upstream: ctx.upstream };
  }
  try {
    const list = await readAggregate(readOpts);
    return {
      ok: true as const,
      asset: null,
      ctx: null,
      coins: sampledCoins(list.value.assets),
      warnings: [],
      upstream: calledUpstream(list),
    };
  } catch {
    return {
      ok: true as const,
      asset: null,
      ctx: null,
      coins: [],
      warnings: [HW.coinsUnavailable],
      upstream: false,
    };
  }
}

/** The depeg log of the coin already resolved, or of the market (`ctx` null). */
function depegPart(
  ctx: AssetContext | null,
  window: EventsWindow,
  readOpts: ReadOpts | undefined,
  now: () => number,
) {
  return ctx ? depegsOfContext(ctx, window, readOpts, now) : getDepegs({ window }, readOpts, now);
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function getStablecoinEvents(
  input: EventsInput,
  readOpts?: ReadOpts,
  now: () => number = Date.now,
): Promise<EventsResult> {
  const nowMs = now();
  const fromMs = nowMs - HISTORY_WINDOW_MS[input.window];
  const wantsDepeg = input.type === undefined || input.type === "depeg";
  const wantsHistory = input.type !== "depeg";
  const coins = await coinsOf(input.q, readOpts);
  if (!coins.ok) return coins;
  const [history, depegs] = await Promise.all([
    wantsHistory ? historyPart(coins.coins, fromMs, nowMs) : null,
    wantsDepeg ? depegPart(coins.ctx, depegWindow(input.window), readOpts, now) : null,
  ]);
  const warnings: Warning[] = [...coins.warnings];
  if (input.q !== undefined && coins.coins.length === 0) warnings.push(HW.notSampled);
  if (history) {
    warnings.push(...readIssueWarnings(history.issues));
    if (history.historyStartMs === null && coins.coins.length > 0) warnings.push(HW.notStarted);
    const rawFromMs = nowMs - RAW_RETENTION_MS;
    if (fromMs < rawFromMs && history.historyStartMs !== null && history.historyStartMs < rawFromMs)
      warnings.push(HW.rawRetention);
  }
  const depegBody = depegs?.ok ? depegs.body : null;
  const events = [
    ...(history?.events ?? []),
    ...(depegBody?.events ?? [])
      .map(depegLogEvent)
      .filter((e) => (e.end === null ? nowMs : Date.parse(e.end)) >= fromMs),
  ]
    .filter((e) => input.type === undefined || e.type === input.type)
    .filter((e) => input.confirmed === undefined || e.confirmed === input.confirmed)
    .filter((e) => input.chain === undefined || e.chain === input.chain)
    .sort(newestEventFirst);
  const own = warningFields(warnings);
  const fields = {
    warnings: [...new Set([...own.warnings, ...(depegBody?.warnings ?? [])])],
    warning_codes: [...new Set([...own.warning_codes, ...(depegBody?.warning_codes ?? [])])],
  };
  const asOfs = [
    history?.lastSampleMs ?? null,
    depegBody ? Date.parse(depegBody.metadata.as_of) : null,
  ].filter((t): t is number => t !== null);
  const asset: HistoryAsset | null = coins.asset;
  return {
    ok: true,
    degraded: degradedBy(fields.warning_codes),
    upstream: coins.upstream || (depegs?.ok ? depegs.upstream : false),
    body: {
      window: input.window,
      asset,
      type: input.type ?? null,
      confirmed: input.confirmed ?? null,
      events,
      history_start: isoOrNull(history?.historyStartMs ?? null),
      as_of: isoOrNull(asOfs.length > 0 ? Math.max(...asOfs) : null),
      ...fields,
    },
  };
}
