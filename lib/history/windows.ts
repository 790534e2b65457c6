/**
 * The public constants of the own-history routes (docs/history.md, docs/api.md): the windows a
 * reader asks for and the event types of the log. Pure constants: query schemas (lib/api/params,
 * which reaches browser bundles) import them.
 */
import { MS_PER_SECOND } from "@/lib/domain/constants";

export const HISTORY_WINDOWS = ["24h", "7d", "30d", "90d", "365d"] as const;
export type HistoryWindow = (typeof HISTORY_WINDOWS)[number];
export const DEFAULT_HISTORY_WINDOW: HistoryWindow = "7d";
/** The event log's default: a month, inside the raw retention the history events come from. */
export const DEFAULT_EVENTS_LOG_WINDOW: HistoryWindow = "30d";

const HOUR_MS = 60 * 60 * MS_PER_SECOND;
export const DAY_MS = 24 * HOUR_MS;
export const SECONDS_PER_DAY = DAY_MS / MS_PER_SECOND;

export const HISTORY_WINDOW_MS: Readonly<Record<HistoryWindow, number>> = {
  "24h": DAY_MS,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
  "90d": 90 * DAY_MS,
  "365d": 365 * DAY_MS,
};

export type HistoryResolution = "sample" | "daily";

/** The log's event types: the price depeg events and those raised from the own history. */
export const LOG_EVENT_TYPES = [
  "depeg",
  "liquidity_drain",
  "depeg_at_size",
  "chain_local_depeg",
  "risk_score_change",
] as const;
export type LogEventType = (typeof LOG_EVENT_TYPES)[number];

/** The formats of the history route: the same rows as JSON, CSV or NDJSON. */
export const HISTORY_FORMATS = ["json", "csv", "ndjson"] as const;
export type HistoryFormat = (typeof HISTORY_FORMATS)[number];
