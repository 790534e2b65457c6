/**
 * GET /api/stablecoin-history: one coin's own history over a window (docs/history.md) — every
 * sample up to 90 days, one row a day (medians) beyond — with when the history starts, each
 * measurement's sources and a warning for each gap in what was measured.
 */
import { loadAssetContext } from "@/lib/assets/context";
import { getConfig } from "@/lib/config";
import { type Warning } from "@/lib/assets/warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import { byGroup, type Group } from "@/lib/history/columns";
import { readCoinHistory, type CoinHistoryRead } from "@/lib/history/read";
import { SECONDS_PER_DAY, type HistoryWindow } from "@/lib/history/windows";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { historyAsset, noHistoryWarning } from "./asset";
import { dailyPoints, POINT_COLUMNS, samplePoints } from "./points";
import type { HistoryPoint, HistoryResponse } from "./types";
import { degradedBy, HW, missingMeasurementsWarning, readIssueWarnings } from "./warnings";

export type HistoryResult =
  | {
      ok: true;
      body: Omit<HistoryResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; suggestions: string[] };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

interface GroupSources {
  sources: Record<Group, readonly string[]>;
  asOf: Record<Group, number | null>;
}

function sourcesJson(entries: readonly GroupSources[]): HistoryResponse["sources"] {
  const one = (g: Group) => {
    const asOfs = entries.map((e) => e.asOf[g]).filter((a): a is number => a !== null);
    return {
      names: [...new Set(entries.flatMap((e) => e.sources[g]))].sort(),
      as_of: iso(asOfs.length > 0 ? Math.max(...asOfs) : null),
    };
  };
  return byGroup(one);
}

function groupSources(read: CoinHistoryRead): GroupSources[] {
  if (read.resolution === "daily") {
    return read.days.map((d) => ({ sources: d.sources, asOf: d.as_of }));
  }
  return read.samples.map((s) => ({
    sources: byGroup((g) => s[g].sources),
    asOf: byGroup((g) => s[g].as_of),
  }));
}

/** The point fields null at some point (a chain's peg counts as `chain_peg_bps`). */
export function missingMeasurements(points: readonly HistoryPoint[]): string[] {
  const missing = POINT_COLUMNS.filter((c) => points.some((p) => p[c] === null));
  const chainGap = points.some((p) => Object.values(p.chain_peg_bps).some((v) => v === null));
  return chainGap ? [...missing, "chain_peg_bps"] : [...missing];
}

export async function getStablecoinHistory(
  input: { q: string; window: HistoryWindow },
  readOpts?: ReadOpts,
  now: () => number = Date.now,
): Promise<HistoryResult> {
  const r = await loadAssetContext(input.q, {}, readOpts);
  if (!r.ok) return r;
  const { asset, coinId } = historyAsset(r.ctx);
  const warnings: Warning[] = [...r.ctx.warnings];
  const read = coinId === null ? null : await readCoinHistory(coinId, input.window, now());
  const points = !read
    ? []
    : read.resolution === "daily"
      ? dailyPoints(read.days)
      : samplePoints(read.samples);
  if (!read) warnings.push(HW.notSampled);
  else {
    warnings.push(...readIssueWarnings(read.issues));
    if (read.historyStartMs === null) warnings.push(noHistoryWarning(r.ctx));
    else if (points.length === 0) warnings.push(HW.emptyWindow);
    warnings.push(...missingMeasurementsWarning(missingMeasurements(points)));
  }
  const last = points.at(-1);
  const fields = warningFields(warnings);
  return {
    ok: true,
    degraded: degradedBy(fields.warning_codes),
    upstream: r.ctx.upstream,
    body: {
      asset,
      window: input.window,
      resolution: read?.resolution ?? "sample",
      interval_seconds:
        read?.resolution === "daily"
          ? SECONDS_PER_DAY
          : (read?.intervalSeconds ?? getConfig().history.sampleSeconds),
      history_start: iso(read?.historyStartMs ?? null),
      points,
      sources: sourcesJson(read ? groupSources(read) : []),
      as_of: last ? last.t : null,
      ...fields,
    },
  };
}
