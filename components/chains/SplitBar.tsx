import { formatPct, formatUsd } from "@/components/format";

function splitText(
  nativeUsd: number,
  nativePct: number,
  bridgedUsd: number,
  bridges: readonly { name: string }[],
): string {
  const via =
    bridges.length > 0 ? ` via ${[...new Set(bridges.map((b) => b.name))].join(", ")}` : "";
  return `Native ${formatUsd(nativeUsd)} (${formatPct(nativePct, { digits: 0, signed: false })}) · bridged ${formatUsd(bridgedUsd)}${via}`;
}

/**
 * Native vs bridged-in supply as one stacked bar with its numbers in text (the bar is
 * decoration); "not measured" when the split is unknown (never drawn as all-native).
 */
export function SplitBar({
  nativeUsd,
  bridgedUsd,
  bridgedShare,
  bridges,
}: {
  nativeUsd: number | null;
  bridgedUsd: number | null;
  bridgedShare: number | null;
  bridges: readonly { name: string }[];
}) {
  if (nativeUsd === null || bridgedUsd === null || bridgedShare === null)
    return <span className="text-xs text-slate-600 dark:text-slate-300">not measured</span>;
  const nativePct = (1 - bridgedShare) * 100;
  return (
    <div className="space-y-1 sm:min-w-40">
      <div
        className="flex h-2.5 overflow-hidden rounded bg-slate-100 dark:bg-slate-800"
        aria-hidden="true"
      >
        <span className="block h-full bg-sky-600" style={{ width: `${nativePct}%` }} />
        <span className="block h-full bg-amber-500" style={{ width: `${100 - nativePct}%` }} />
      </div>
      {/* One text node, not seven: fewer DOM nodes for the browser and for hydration per row. */}
      <p className="text-xs text-slate-700 dark:text-slate-200">
        {splitText(nativeUsd, nativePct, bridgedUsd, bridges)}
      </p>
    </div>
  );
}
