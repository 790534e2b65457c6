import { CoinLink } from "@/components/ui/CoinLink";
import { formatUsd } from "@/components/format";
import type { RiskBody } from "./types";

/**
 * A symbol held by several assets resolves to the largest; this lists the others, each linked by
 * the selector that reaches it.
 */
export function SharedSymbol({ risk }: { risk: RiskBody }) {
  const others = risk.resolved.other_assets_with_symbol;
  if (others.length === 0) return null;
  return (
    <aside
      aria-label="Other assets with this symbol"
      data-testid="shared-symbol"
      className="rounded border border-slate-200 px-3 py-2 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-200"
    >
      <p>
        {others.length} other asset{others.length === 1 ? "" : "s"} also use the symbol{" "}
        <strong>{risk.asset}</strong>; this page shows the largest, {risk.name}.
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {others.map((o) => (
          <li key={o.defillama_id}>
            <CoinLink selector={o.selector}>{o.name}</CoinLink>{" "}
            <span className="tabular text-xs text-slate-500 dark:text-slate-400">
              {formatUsd(o.circulating_usd)}
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
