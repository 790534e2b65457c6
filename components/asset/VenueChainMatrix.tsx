import { chainLabel, formatInt, formatUsd } from "@/components/format";
import type { PoolRecord } from "@/lib/pools/schema";
import { cellKey, venueChainMatrix } from "./poolFilters";

/** ±2 % depth per DEX venue × chain over the filtered pools. */
export function VenueChainMatrix({ pools }: { pools: readonly PoolRecord[] }) {
  const { venues, chains, cells } = venueChainMatrix(pools);
  if (venues.length === 0) return null;
  return (
    <div
      className="overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label="Depth by venue and chain"
    >
      <table className="text-sm" data-testid="venue-chain-matrix">
        <caption className="py-1 text-left text-xs text-slate-500 dark:text-slate-400">
          ±2% depth by venue × chain (USD; pool count below)
        </caption>
        <thead>
          <tr className="text-xs text-slate-500 dark:text-slate-400">
            <th scope="col" className="px-2 py-1 text-left font-medium">
              Venue
            </th>
            {chains.map((c) => (
              <th
                key={c}
                scope="col"
                className="px-2 py-1 text-right font-medium whitespace-nowrap"
              >
                {chainLabel(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {venues.map((v) => (
            <tr key={v} className="border-t border-slate-100 dark:border-slate-800/70">
              <th scope="row" className="px-2 py-1 text-left font-medium">
                {v}
              </th>
              {chains.map((c) => {
                const cell = cells.get(cellKey(v, c));
                return (
                  <td key={c} className="tabular px-2 py-1 text-right whitespace-nowrap">
                    {cell ? (
                      <>
                        {formatUsd(cell.depthUsd)}
                        <span className="block text-[11px] text-slate-500 dark:text-slate-400">
                          {formatInt(cell.pools)} {cell.pools === 1 ? "pool" : "pools"}
                        </span>
                      </>
                    ) : (
                      <span
                        className="text-slate-400 dark:text-slate-600"
                        title="No pool of this venue on this chain"
                      >
                        ·
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
