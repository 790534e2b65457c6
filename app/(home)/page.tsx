import { IssuerSection, type IssuersSectionResult } from "@/components/issuers/IssuerSection";
import { RailChips } from "@/components/rail/RailChips";
import { AssetSearch } from "@/components/search/AssetSearch";
import { MarketHeadline } from "@/components/supply/MarketHeadline";
import { assetHrefs } from "@/components/supply/rows";
import { SupplySection, type SupplySectionResult } from "@/components/supply/SupplySection";
import { MarketSupplyHistory } from "@/components/supply-history/MarketSupplyHistory";
import { WarningsNotice } from "@/components/ui/Notice";
import { getIssuers } from "@/lib/issuers";
import { keepDegradedBriefly } from "@/lib/page-cache";
import { getSupplyPanel } from "@/lib/supply";
import { Suspense } from "react";

// Regenerated in the background at the supply panel's own 6 h class (docs/caching.md); a render with
// warnings is kept only briefly (lib/page-cache.ts).
export const revalidate = 21600;

const UNAVAILABLE = "The data could not be loaded. Try again in a minute.";

/** Never let a section's failure take the page down: an unexpected throw becomes its error state. */
async function settle<T extends SupplySectionResult | IssuersSectionResult>(
  p: Promise<T>,
): Promise<T | { ok: false; warning: string }> {
  try {
    return await p;
  } catch {
    return { ok: false, warning: UNAVAILABLE };
  }
}

export default async function HomePage() {
  const [supply, issuers] = await Promise.all([
    settle(getSupplyPanel(undefined, { includeDead: true })),
    settle(getIssuers()),
  ]);
  const supplyWarnings = supply.ok ? supply.body.warnings : [];
  await keepDegradedBriefly(
    !supply.ok ||
      !issuers.ok ||
      supplyWarnings.length > 0 ||
      supply.body.metadata.stale ||
      // Headline prices not yet cached: the table shows the aggregate's prices for now.
      supply.body.metadata.prices_as_of === null ||
      issuers.body.warnings.length > 0,
  );
  const symbols = supply.ok ? [...new Set(supply.body.assets.map((a) => a.symbol))] : [];

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">USD stablecoins</h1>
          <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
            Supply, supply change, peg deviation and issuer concentration for USD stablecoins, with
            the source and time of every number.
          </p>
        </div>
        <AssetSearch suggestions={symbols} />
      </div>

      {supply.ok ? (
        <div className="space-y-3">
          <MarketHeadline body={supply.body} />
          <RailChips rail={supply.body.rail} hrefs={assetHrefs(supply.body.assets)} />
        </div>
      ) : null}

      <WarningsNotice warnings={supplyWarnings} />
      <SupplySection result={supply} />
      <Suspense fallback={null}>
        <MarketSupplyHistory />
      </Suspense>
      <IssuerSection result={issuers} hideWarnings={supplyWarnings} />
    </div>
  );
}
