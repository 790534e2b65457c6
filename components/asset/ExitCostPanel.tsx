"use client";

import dynamic from "next/dynamic";
import { formatUsd } from "@/components/format";
import { EmptyState } from "@/components/ui/EmptyState";
import { Skeleton } from "@/components/ui/Skeleton";
import { useNearViewport } from "@/components/ui/useNearViewport";
import { bestText, pegHoldText, pointText, splitText, venueLabel } from "./exit-cost-view";
import { Panel, Row } from "./Panel";
import type { ExitCostBody } from "./types";

const ExitCostChart = dynamic(() => import("./ExitCostChart"), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});

/** Exit cost by trade size: the curve per venue (log size), a table of every figure, peg hold. */
export function ExitCostPanel({ body }: { body: ExitCostBody }) {
  // recharts loads when the chart nears the viewport, not during hydration: the panel sits far
  // below the fold, and its table carries every figure meanwhile.
  const [chartRef, chartNear] = useNearViewport<HTMLDivElement>();
  const sources = body.metadata.sources.map((s) => ({ name: s.name, type: s.type, asOf: s.as_of }));
  return (
    <Panel
      id="exit-cost"
      title="Exit cost by trade size"
      method="exit-cost"
      description="What selling each size of this stablecoin costs now, in bps below $1.00, on each exchange order book and DEX chain."
      sources={sources}
      className="md:col-span-2"
    >
      <dl>
        <Row
          label="Holds its peg"
          hint={`best exit within ${body.peg_threshold_bps} bps of $1.00 at every ladder size up to`}
        >
          <span data-testid="exit-peg-hold">{pegHoldText(body)}</span>
        </Row>
      </dl>
      {body.venues.length === 0 ? (
        <EmptyState title="Exit cost is not measured">
          No USD or USDT order book on the supported exchanges and no chain with $1M of pools.
        </EmptyState>
      ) : (
        <>
          <div
            className="h-64 w-full text-slate-500 dark:text-slate-400"
            role="img"
            aria-label="Exit cost in bps against trade size (log scale), one line per venue; the table below has every figure."
            data-testid="exit-cost-chart"
            ref={chartRef}
          >
            {chartNear ? <ExitCostChart body={body} /> : <Skeleton className="h-full w-full" />}
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="exit-cost-table">
              <caption className="sr-only">Exit cost per venue and trade size</caption>
              <thead>
                <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
                  <th scope="col" className="py-1 pr-3">
                    Venue
                  </th>
                  {body.sizes_usd.map((s) => (
                    <th key={s} scope="col" className="py-1 pr-3 tabular">
                      {formatUsd(s)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {body.venues.map((v) => (
                  <tr key={v.id} className="border-t border-slate-100 dark:border-slate-800/70">
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      {venueLabel(v)}
                      {v.stale ? (
                        <span className="ml-1 text-xs text-amber-700">(stale)</span>
                      ) : null}
                    </th>
                    {v.points.map((p) => (
                      <td key={p.size_usd} className="tabular py-1 pr-3">
                        {pointText(p)}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr className="border-t border-slate-300 font-medium dark:border-slate-600">
                  <th scope="row" className="py-1 pr-3 text-left">
                    Best single venue
                  </th>
                  {body.ladder.map((r) => (
                    <td key={r.size_usd} className="tabular py-1 pr-3">
                      {bestText(r)}
                    </td>
                  ))}
                </tr>
                <tr className="border-t border-slate-100 dark:border-slate-800/70">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    Split across venues (estimate)
                  </th>
                  {body.ladder.map((r) => (
                    <td key={r.size_usd} className="tabular py-1 pr-3">
                      {splitText(r)}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}
