import type { RiskBody } from "./types";

/** Peg verification badge: on/off with the tolerance band and the service's reason. */
export function PegVerified({ badge }: { badge: RiskBody["peg"]["badge"] }) {
  const [lo, hi] = badge.tolerance_usd;
  const band = `${lo}–${hi} USD`;
  return (
    <div className="space-y-1" data-testid="peg-badge" data-state={badge.on ? "on" : "off"}>
      <span
        className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ${
          badge.on
            ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200"
            : "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200"
        }`}
      >
        <span aria-hidden="true">{badge.on ? "✓" : "○"}</span>
        {badge.on ? `Peg verified ${band}` : `Peg not verified (${band})`}
      </span>
      <p className="max-w-prose text-xs text-slate-600 dark:text-slate-300">{badge.reason}</p>
    </div>
  );
}
