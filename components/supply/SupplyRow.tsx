import Link from "next/link";
import { backingLabel, formatPct, formatUsd, formatUsdFull, signClass } from "@/components/format";
import { formatPrice } from "@/components/asset/fmt";
import { PegBadge } from "@/components/ui/PegBadge";
import type { TableRow } from "./rows";

const SIGN_TONE = {
  1: "text-emerald-700 dark:text-emerald-400",
  0: "text-slate-600 dark:text-slate-300",
  [-1]: "text-red-700 dark:text-red-400",
} as const;

export const stickyCell = "sticky z-10 bg-white dark:bg-slate-950";

function Change({ pct, usd }: { pct: number | null; usd: number | null }) {
  if (pct === null) {
    return (
      <span className="text-slate-500 dark:text-slate-400" title="no history">
        —<span className="sr-only">no history</span>
      </span>
    );
  }
  return (
    <span className={`tabular flex flex-col items-end ${SIGN_TONE[signClass(pct)]}`}>
      <span className="font-medium">{formatPct(pct)}</span>
      <span className="text-xs">{formatUsd(usd, { signed: true })}</span>
    </span>
  );
}

const PRICE_SOURCE_LABEL = { market: "CoinGecko (market)", aggregate: "DefiLlama (aggregate)" };

/** Which headline price the deviation is of (the coin page lists every source). */
function priceTitle(row: TableRow): string | undefined {
  if (row.price_usd === null || row.price_source === null) return undefined;
  return `${formatPrice(row.price_usd)} from ${PRICE_SOURCE_LABEL[row.price_source]}, the headline price on the coin's page, which lists every source`;
}

/**
 * One ranked row. Padding, borders and no-wrap come from the table (SupplyTable's `ROW_CELLS`),
 * so each of the page's rows carries only what differs.
 */
export function SupplyRow({ row, href }: { row: TableRow; href: string }) {
  return (
    <tr data-testid="supply-row">
      <td className={`${stickyCell} tabular left-0 w-10 text-right text-slate-500`}>{row.rank}</td>
      <th scope="row" className={`${stickyCell} left-10 text-left font-semibold`}>
        <Link
          href={href}
          className="text-sky-700 hover:underline dark:text-sky-400"
          prefetch={false}
        >
          {row.symbol}
        </Link>
        {row.dead ? (
          <span
            className="ml-1 rounded bg-slate-200 px-1 text-[10px] font-medium uppercase text-slate-700 dark:bg-slate-700 dark:text-slate-200"
            title="DefiLlama marks this coin dead (deprecated, delisted or deadFrom)"
          >
            dead
          </span>
        ) : null}
        <span className="block max-w-20 truncate text-xs font-normal text-slate-500 sm:hidden dark:text-slate-400">
          {row.name}
        </span>
      </th>
      <td className="hidden max-w-[14rem] truncate sm:table-cell" title={row.name}>
        {row.name}
      </td>
      <td className="text-right" title={priceTitle(row)}>
        <PegBadge
          bps={row.peg_deviation_bps}
          yieldBearing={row.yield_bearing}
          pegNote={row.peg_note}
        />
      </td>
      <td className="tabular text-right" title={formatUsdFull(row.circulating_usd)}>
        {formatUsd(row.circulating_usd)}
      </td>
      <td className="text-right">
        <Change pct={row.change_7d_pct} usd={row.change_7d_usd} />
      </td>
      <td className="text-right">
        <Change pct={row.change_30d_pct} usd={row.change_30d_usd} />
      </td>
      <td>{backingLabel(row.backing)}</td>
    </tr>
  );
}
