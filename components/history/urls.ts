/** The own-history routes as the pages call them (docs/api.md). */
import type { HistoryWindowId } from "@/lib/history-series/ticks";

export const historyUrl = (asset: string, window: HistoryWindowId, format?: "csv") =>
  `/api/stablecoin-history?q=${encodeURIComponent(asset)}&window=${window}${format ? `&format=${format}` : ""}`;

export const coinEventsUrl = (asset: string, window: HistoryWindowId) =>
  `/api/stablecoin-events?q=${encodeURIComponent(asset)}&window=${window}`;

export const chainLocalEventsUrl = (window: HistoryWindowId) =>
  `/api/stablecoin-events?type=chain_local_depeg&window=${window}`;
