import { formatBps } from "@/components/format";
import { PEG_BADGE_MAX_USD } from "@/lib/domain/badge";
import { DEVIATION_EPSILON_BPS } from "@/lib/domain/depeg";
import { BPS_PER_UNIT, PEG_TARGET_USD } from "@/lib/domain/peg";

/** The badge band in bps (0.999–1.001 USD → ±10 bps). */
export const PEG_BAND_BPS = Math.round((PEG_BADGE_MAX_USD - PEG_TARGET_USD) * BPS_PER_UNIT);

/**
 * Signed deviation plus a band badge. Yield-bearing (NAV) tokens drift above 1.00 USD by
 * design, so they get their note instead of an alarm.
 */
export function PegBadge({
  bps,
  yieldBearing = false,
  pegNote = null,
}: {
  bps: number | null;
  yieldBearing?: boolean;
  pegNote?: string | null;
}) {
  if (bps === null) {
    return (
      <span className="text-slate-500 dark:text-slate-400" title="no price">
        —
      </span>
    );
  }
  const within = Math.abs(bps) <= PEG_BAND_BPS + DEVIATION_EPSILON_BPS;
  let badge;
  if (yieldBearing) {
    badge = (
      <span
        title={pegNote ?? undefined}
        className="rounded bg-sky-100 px-1.5 py-0.5 text-[11px] font-medium text-sky-900 max-sm:inline-block max-sm:max-w-24 max-sm:whitespace-normal dark:bg-sky-900/40 dark:text-sky-200"
      >
        NAV token, not a depeg *
      </span>
    );
  } else {
    const tone = within
      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200"
      : Math.abs(bps) > 10 * PEG_BAND_BPS
        ? "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200"
        : "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200";
    badge = (
      <span className={`rounded px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap ${tone}`}>
        {`${within ? "within" : "outside"} ±${PEG_BAND_BPS} bps`}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1.5">
      <span className="tabular whitespace-nowrap">{formatBps(bps)}</span>
      {badge}
      {yieldBearing && pegNote ? <span className="sr-only">{pegNote}</span> : null}
    </span>
  );
}
