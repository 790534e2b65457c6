import { AsOf } from "@/components/ui/AsOf";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { SourceBadge } from "@/components/ui/SourceBadge";
import type { SupplyResponse } from "@/lib/supply/schema";
import { toWireTable } from "./rows";
import { WireSupplyTable } from "./WireSupplyTable";

type SupplyBody = Omit<SupplyResponse, "holderAnalyticsSupported">;
export type SupplySectionResult = { ok: true; body: SupplyBody } | { ok: false; warning: string };

/** Supply & flows panel: ranked table with 7d/30d net supply change, peg deviation, backing. */
export function SupplySection({ result }: { result: SupplySectionResult }) {
  const body = result.ok ? result.body : null;
  return (
    <Section
      id="supply"
      title="Supply and flows"
      description="USD-pegged stablecoins ranked by circulating supply. Net change is circulating supply now minus 7 or 30 days earlier; peg deviation is of each coin's headline price from 1.00 USD (CoinGecko where it has one, else DefiLlama: the price on the coin's page)."
      provenance={
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <SourceBadge name="DefiLlama" type="aggregate" />
          {body ? <AsOf iso={body.metadata.as_of} stale={body.metadata.stale} /> : null}
          {body?.metadata.prices_as_of ? (
            <>
              <SourceBadge name="CoinGecko" type="market" />
              <AsOf label="prices as of" iso={body.metadata.prices_as_of} />
            </>
          ) : null}
        </span>
      }
      methodHref="/methodology#supply"
    >
      {!result.ok ? (
        <ErrorState title="Supply data is unavailable" message={result.warning} retryHref="/" />
      ) : body && body.assets.length > 0 ? (
        <WireSupplyTable table={toWireTable(body.assets)} asOf={body.metadata.as_of} />
      ) : (
        <EmptyState title="No stablecoins listed">
          The aggregate returned no USD-pegged stablecoins. Try again later.
        </EmptyState>
      )}
    </Section>
  );
}
