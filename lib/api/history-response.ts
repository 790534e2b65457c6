/**
 * The answer of /api/stablecoin-history in its three formats: JSON (the body), or the body's
 * `points` as CSV or NDJSON rows — the same rows — with the answer's facts as headers
 * (`X-History-Start`, `X-Warning-Codes`). An unknown coin is 404 `unknown_asset` JSON in every format.
 */
import type { HistoryResult } from "@/lib/history-api/history";
import { pointsCsv, pointsNdjson } from "@/lib/history-api/points";
import type { HistoryFormat } from "@/lib/history/windows";
import { textOk, type CachePolicy } from "./body";
import { respondAsset } from "./route";

const TEXT_FORMATS = {
  csv: { contentType: "text/csv; charset=utf-8; header=present", rows: pointsCsv },
  ndjson: { contentType: "application/x-ndjson; charset=utf-8", rows: pointsNdjson },
} as const;

export function respondHistory(
  result: HistoryResult,
  format: HistoryFormat,
  cache: CachePolicy,
): Response {
  if (!result.ok || format === "json") return respondAsset(result, cache);
  const { body } = result;
  const f = TEXT_FORMATS[format];
  // The selector may hold characters a file name should not: the download is named by window.
  const filename = `stablecoin-history-${body.window}.${format}`;
  return textOk(f.rows(body.points), {
    contentType: f.contentType,
    cache,
    degraded: result.degraded,
    upstream: result.upstream,
    headers: {
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-History-Start": body.history_start ?? "",
      "X-Warning-Codes": body.warning_codes.join(","),
    },
  });
}
