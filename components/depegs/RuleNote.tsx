import Link from "next/link";
import { DEPEG_RULE } from "@/lib/depegs/json";

/** The published detection rule, in one paragraph. */
export function RuleNote() {
  const r = DEPEG_RULE;
  return (
    <p className="max-w-prose rounded-md border border-slate-200 px-3 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300">
      <span className="font-semibold">Rule.</span> An event starts when the deviation from 1.00 USD
      stays beyond ±{r.enter_beyond_bps} bps for at least {r.enter_min_hours} h of consecutive
      points (a single spike is not an event) and ends when it is back within ±{r.exit_within_bps}{" "}
      bps for at least {r.exit_min_hours} h. A gap in the data (over {r.gap_factor}× the usual
      interval) never ends an event. The last 90 days use hourly points; older events come from
      daily points, which miss intraday troughs.{" "}
      <Link href="/methodology#depeg-events" prefetch={false} className="underline">
        Method
      </Link>
    </p>
  );
}
