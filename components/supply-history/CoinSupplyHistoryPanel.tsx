import { Panel } from "@/components/asset/Panel";
import { EmptyState } from "@/components/ui/EmptyState";
import { WarningsNotice } from "@/components/ui/Notice";
import { getCoinSupplyHistory } from "@/lib/supply-history";
import { SupplyChanges } from "./Changes";
import { LazySupplyChart } from "./LazySupplyCharts";

/** Server component: one coin's circulating supply over time (chart loads near the viewport). */
export async function CoinSupplyHistoryPanel({ q }: { q: string }) {
  const h = await getCoinSupplyHistory(q).catch(() => null);
  if (!h) return null;
  return (
    <Panel
      id="supply-history"
      title="Supply history"
      method="supply"
      description="Circulating supply (USD) from the stablecoin aggregate, daily; weekly points before the last year. The 7d and 30d changes are read off this series."
      sources={[
        {
          name: "DefiLlama",
          type: "aggregate",
          asOf: h.asOf ? new Date(h.asOf).toISOString() : null,
          missing: h.asOf === null,
        },
      ]}
      className="md:col-span-2"
    >
      <WarningsNotice warnings={h.warnings} label="Supply history warnings" />
      {h.points.length > 1 ? (
        <div className="space-y-3">
          <SupplyChanges summary={h.summary} />
          <LazySupplyChart
            points={h.points.map((p) => ({ t: p.timestampMs, usd: p.circulatingUsd }))}
            label={`Circulating supply of ${h.symbol} over time`}
          />
        </div>
      ) : (
        <EmptyState title="No supply history">
          The aggregate has no series for this coin.
        </EmptyState>
      )}
    </Panel>
  );
}
