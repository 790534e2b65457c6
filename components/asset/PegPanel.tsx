import { formatBps, formatInt } from "@/components/format";
import {
  EXCURSION_THRESHOLD_BPS,
  MINOR_DEPEG_MAX_BPS,
  MODERATE_DEPEG_MAX_BPS,
  ON_PEG_MAX_BPS,
} from "@/lib/domain/depeg";
import { Missing } from "./Missing";
import { Panel } from "./Panel";
import { pickSources } from "./Provenance";
import { formatBpsAbs, formatHours, formatPrice, formatShare, formatUtcShort } from "./fmt";
import { PEG_WINDOWS, type DepegStatsBody, type RiskBody } from "./types";

const NO_HISTORY = "CoinGecko (market): no price history for this window.";
const PRICE_SOURCE_LABEL = {
  market: "Market (CoinGecko)",
  aggregate: "Aggregate (DefiLlama)",
  dex: "DEX-implied (DexScreener)",
};

type Metric = { label: string; cell: (s: DepegStatsBody) => React.ReactNode };

const hasData = (s: DepegStatsBody) => s.points > 0;
const orDash = (s: DepegStatsBody, v: React.ReactNode) =>
  hasData(s) ? v : <Missing reason={NO_HISTORY} />;

const METRICS: readonly Metric[] = [
  {
    label: "Worst deviation",
    cell: (s) =>
      s.worst_deviation_bps === null ? (
        <Missing reason={NO_HISTORY} />
      ) : (
        <>
          <span className="whitespace-nowrap">{formatBps(s.worst_deviation_bps)}</span>
          <span className="block text-[10px] font-normal sm:text-[11px] text-slate-500 dark:text-slate-400">
            {formatUtcShort(s.worst_at)}
          </span>
        </>
      ),
  },
  {
    label: `Time outside ±${ON_PEG_MAX_BPS} bps`,
    cell: (s) => orDash(s, formatShare(s.share_outside_10_bps)),
  },
  {
    label: `Time outside ±${MINOR_DEPEG_MAX_BPS} bps`,
    cell: (s) => orDash(s, formatShare(s.share_outside_50_bps)),
  },
  {
    label: `Time outside ±${MODERATE_DEPEG_MAX_BPS} bps`,
    cell: (s) => orDash(s, formatShare(s.share_outside_100_bps)),
  },
  {
    label: `Excursions beyond ±${EXCURSION_THRESHOLD_BPS} bps`,
    cell: (s) => orDash(s, formatInt(s.excursions_beyond_100_bps)),
  },
  { label: "Coverage of the window", cell: (s) => orDash(s, formatShare(s.coverage, 1)) },
  { label: "Data gaps", cell: (s) => orDash(s, formatHours(s.gap_ms)) },
  { label: "Price points", cell: (s) => formatInt(s.points) },
  { label: "Status at window end", cell: (s) => orDash(s, s.status) },
];

/** Peg status and the de-peg statistics for 24h, 7d and 30d, plus the prices the badge checked. */
export function PegPanel({ risk }: { risk: RiskBody }) {
  const { badge } = risk.peg;
  return (
    <Panel
      id="peg-status"
      title="Peg status and de-peg history"
      method="depeg"
      description="Time-weighted share of each window spent outside each band; gaps in the price history are excluded."
      sources={pickSources(risk.metadata.sources, [
        { name: "CoinGecko", type: "market" },
        { name: "DexScreener", type: "liquidity" },
        { name: "DefiLlama", type: "aggregate" },
      ])}
      className="md:col-span-2"
    >
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="De-peg statistics table"
      >
        <table className="w-full text-xs sm:text-sm" data-testid="depeg-table">
          <caption className="sr-only">De-peg statistics per window</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Statistic
              </th>
              {PEG_WINDOWS.map((w) => (
                <th key={w} scope="col" className="py-1.5 pl-2 text-right font-medium sm:pl-3">
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {METRICS.map((m) => (
              <tr
                key={m.label}
                className="border-b border-slate-100 last:border-b-0 dark:border-slate-800/70"
              >
                <th
                  scope="row"
                  className="py-1.5 pr-2 text-left font-normal text-slate-600 sm:pr-3 dark:text-slate-300"
                >
                  {m.label}
                </th>
                {PEG_WINDOWS.map((w) => (
                  <td
                    key={w}
                    className="tabular py-1.5 pl-2 text-right font-medium sm:pl-3"
                    data-window={w}
                  >
                    {m.cell(risk.depeg[w])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="text-xs text-slate-600 dark:text-slate-300">
        <p className="font-medium">Prices checked by the badge</p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {badge.checked_prices.map((p) => (
            <li key={p.source} className="tabular">
              {PRICE_SOURCE_LABEL[p.source]}: {formatPrice(p.price_usd)}
            </li>
          ))}
          <li className="tabular">
            Largest spread:{" "}
            {badge.max_spread_bps === null ? (
              <Missing reason="Fewer than two independent prices are available." />
            ) : (
              formatBpsAbs(badge.max_spread_bps, 2)
            )}
          </li>
        </ul>
      </div>
    </Panel>
  );
}
