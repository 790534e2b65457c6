import { formatPct, formatUsd } from "@/components/format";
import type { SupplyHistorySummary } from "@/lib/domain/supply-history";

/** Current supply and its 7 d / 30 d changes, read off the charted series. */
export function SupplyChanges({ summary }: { summary: SupplyHistorySummary }) {
  const cell = (
    label: string,
    value: string,
    hint: string | null,
    testId: string,
    v?: number | null,
  ) => (
    <div className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd
        className="tabular text-sm font-semibold sm:text-base"
        data-testid={testId}
        data-value={v ?? undefined}
      >
        <span className="whitespace-nowrap">{value}</span>
        {hint ? <span className="block text-[11px] font-normal text-slate-500">{hint}</span> : null}
      </dd>
    </div>
  );
  const change = (w: "7d" | "30d") => {
    const c = summary.changes[w];
    return cell(
      `${w} change`,
      c.changeUsd === null ? "not measured" : formatUsd(c.changeUsd, { signed: true }),
      c.changePct === null ? "no point near the window's start" : formatPct(c.changePct),
      `supply-change-${w}`,
      c.changeUsd,
    );
  };
  return (
    <dl className="grid grid-cols-3 gap-2">
      {cell(
        "Circulating",
        formatUsd(summary.currentUsd),
        summary.asOfMs ? new Date(summary.asOfMs).toISOString().slice(0, 10) : null,
        "supply-current",
        summary.currentUsd,
      )}
      {change("7d")}
      {change("30d")}
    </dl>
  );
}
