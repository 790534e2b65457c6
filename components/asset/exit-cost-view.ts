/** Pure helpers of the exit-cost panel and finder (no React): labels, ranking, chart rows. */
import { formatBps, formatUsd } from "@/components/format";
import type { ExitCostBody } from "./types";

type Venue = ExitCostBody["venues"][number];
type Point = Venue["points"][number];
type Rung = ExitCostBody["ladder"][number];

export const NOT_MEASURED = "not measured";

export function venueLabel(v: Venue): string {
  return v.kind === "dex" ? `KyberSwap · ${v.chain} · ${v.pair}` : `${v.source} · ${v.pair}`;
}

/** A point as text: a cost, "not fillable (… unfilled)", or "not measured". */
export function pointText(
  p: Pick<Point, "fillable" | "unfilled_usd" | "cost_bps"> | undefined,
): string {
  if (!p || p.fillable === null) return NOT_MEASURED;
  if (!p.fillable)
    return p.unfilled_usd ? `not fillable (${formatUsd(p.unfilled_usd)} unfilled)` : "not fillable";
  return formatBps(p.cost_bps);
}

/** The best single venue at a size: its cost, "not fillable (… unfilled)", or "not measured". */
export function bestText(r: Rung): string {
  return pointText({
    fillable: r.best_fillable,
    unfilled_usd: r.best_unfilled_usd,
    cost_bps: r.best?.cost_bps ?? null,
  });
}

/** The split estimate at a size: "≈ cost", "not fillable (… unfilled)", or "not measured". */
export function splitText(r: Rung): string {
  const s = r.split_estimate;
  if (!s) return NOT_MEASURED;
  if (s.cost_bps !== null) return `≈ ${formatBps(s.cost_bps)}`;
  return s.unfilled_usd > 0 ? pointText({ ...s, fillable: false }) : NOT_MEASURED;
}

/** "Holds its peg up to $1M", or why not. */
export function pegHoldText(b: {
  holds_peg_up_to_usd: number | null;
  peg_measured: boolean;
  peg_threshold_bps: number;
}): string {
  if (!b.peg_measured) return NOT_MEASURED;
  if (b.holds_peg_up_to_usd === null)
    return `not even at the smallest size (>${b.peg_threshold_bps} bps)`;
  return `up to ${formatUsd(b.holds_peg_up_to_usd)}`;
}

/** Venues ranked by measured cost at `sizeUsd`: fillable by cost, then not fillable, then not measured. */
export function rankVenues(body: ExitCostBody, sizeUsd: number) {
  const at = (v: Venue) => v.points.find((p) => p.size_usd === sizeUsd);
  const rank = (p: Point | undefined) =>
    !p || p.fillable === null ? 2 : p.fillable && p.cost_bps !== null ? 0 : 1;
  return body.venues
    .map((v) => ({ venue: v, point: at(v) }))
    .sort(
      (a, b) =>
        rank(a.point) - rank(b.point) ||
        (a.point?.cost_bps ?? Infinity) - (b.point?.cost_bps ?? Infinity),
    );
}

/** The venue that is best at the most ladder sizes (the highlighted line). */
export function bestVenueId(body: ExitCostBody): string | null {
  const wins = new Map<string, number>();
  for (const r of body.ladder)
    if (r.best) wins.set(r.best.venue_id, (wins.get(r.best.venue_id) ?? 0) + 1);
  return [...wins.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Chart rows: one per size, a key per venue with its cost (undefined when not a number). */
export function chartRows(body: ExitCostBody): Record<string, number>[] {
  return body.sizes_usd.map((size, i) => {
    const row: Record<string, number> = { size_usd: size };
    for (const v of body.venues) {
      const p = v.points[i];
      if (p?.fillable && p.cost_bps !== null) row[v.id] = p.cost_bps;
    }
    return row;
  });
}
