import { CoinLink } from "@/components/ui/CoinLink";
import { chainLabel, formatBps, formatPoints } from "@/components/format";
import { formatShare, formatUtcShort } from "@/components/asset/fmt";
import { EmptyState } from "@/components/ui/EmptyState";
import {
  componentLabel,
  EVENT_TYPE_LABELS,
  worstUnitOf,
  type HistoryEventIn,
  type WorstUnit,
} from "@/lib/history-series/events";

const WORST: Readonly<Record<WorstUnit, (v: number) => string>> = {
  share: (v) => `${formatShare(v, 0)} of its 7-day median`,
  points: (v) => formatPoints(v, { signed: true }),
  bps: (v) => formatBps(v),
};

function deltasText(e: HistoryEventIn): string | null {
  if (!e.component_deltas?.length) return null;
  return e.component_deltas
    .map(
      (d) =>
        `${componentLabel(d.component)} ${formatPoints(d.delta_points, { signed: true })} (score ${formatPoints(d.score_delta_points, { signed: true })})`,
    )
    .join("; ");
}

/** Events of the own-history log: type, chain, start, end, worst value, confirmation, sources. */
export function HistoryEventsTable({
  events,
  showChain = true,
  showCoin = false,
  empty,
  testId,
}: {
  events: readonly HistoryEventIn[];
  showChain?: boolean;
  /** The first column names the coin (linked) instead of the event type (a one-type list). */
  showCoin?: boolean;
  /** What to say when there is none. */
  empty: string;
  testId: string;
}) {
  // A coin's list names the event; a market list (one type, say) names the coin.
  const headers = [
    showCoin ? "Coin" : "Event",
    ...(showChain ? ["Chain"] : []),
    "Start",
    "End",
    "Worst",
  ];
  if (events.length === 0)
    return (
      <div data-testid={testId}>
        <EmptyState title={empty} />
      </div>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
            {headers.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((e) => {
            const deltas = deltasText(e);
            return (
              <tr
                key={`${e.type}-${e.selector}-${e.chain ?? ""}-${e.start}`}
                className="border-t border-slate-100 align-top dark:border-slate-800/70"
                data-type={e.type}
              >
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {showCoin ? (
                    <CoinLink selector={e.selector}>{e.symbol}</CoinLink>
                  ) : (
                    EVENT_TYPE_LABELS[e.type]
                  )}
                  <span
                    className={`block text-[11px] ${e.confirmed ? "text-slate-500 dark:text-slate-400" : "text-amber-800 dark:text-amber-300"}`}
                  >
                    {e.confirmed ? "confirmed" : "unconfirmed (not in feeds)"}
                  </span>
                  <span className="block text-[11px] text-slate-500 dark:text-slate-400">
                    {e.sources.join(", ")}
                  </span>
                </th>
                {showChain ? (
                  <td className="py-1 pr-3">{e.chain ? chainLabel(e.chain) : "all chains"}</td>
                ) : null}
                <td className="tabular py-1 pr-3">{formatUtcShort(e.start)}</td>
                <td className="tabular py-1 pr-3">
                  {e.ongoing ? "ongoing" : formatUtcShort(e.end)}
                </td>
                <td className="tabular py-1 pr-3">
                  {WORST[worstUnitOf(e.type)](e.worst.value)}
                  {deltas ? (
                    <span className="block text-[11px] text-slate-500 dark:text-slate-400">
                      {deltas}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
