import { AsOf } from "@/components/ui/AsOf";
import { EmptyState } from "@/components/ui/EmptyState";
import { WarningsNotice } from "@/components/ui/Notice";
import { Section } from "@/components/ui/Section";
import { getMarketSupplyHistory } from "@/lib/supply-history";
import { LazyStackedSupplyChart } from "./LazySupplyCharts";

const OTHER_KEY = "other";

/** Server component: the USD stablecoin market over the last year, top coins stacked. */
export async function MarketSupplyHistory() {
  const h = await getMarketSupplyHistory().catch(() => null);
  if (!h) return null;
  const series = [
    ...h.coins.map((c) => ({ key: c.key, label: c.symbol })),
    { key: OTHER_KEY, label: "Other" },
  ];
  const points = h.rows.map((r) => ({ t: r.t, ...r.coins, [OTHER_KEY]: r.otherUsd }));
  return (
    <Section
      id="market-supply-history"
      title="Market supply history"
      description="Circulating supply of USD-pegged stablecoins, daily over up to the last year, with the five largest coins stacked. The total and its change are in the headline at the top of the page."
      provenance={
        <span className="text-xs text-slate-500 dark:text-slate-400">
          DefiLlama aggregate,{" "}
          <AsOf iso={h.asOf ? new Date(h.asOf).toISOString() : null} stale={h.stale} />
        </span>
      }
      methodHref="/methodology#supply"
    >
      <WarningsNotice warnings={h.warnings} label="Supply history warnings" />
      {points.length > 1 ? (
        <LazyStackedSupplyChart
          points={points}
          series={series}
          label="USD stablecoin market supply over up to the last year, top coins stacked"
        />
      ) : (
        <EmptyState title="No market supply history">The aggregate answered no series.</EmptyState>
      )}
    </Section>
  );
}
