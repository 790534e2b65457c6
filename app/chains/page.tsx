import type { Metadata } from "next";
import { ChainsTable } from "@/components/chains/ChainsTable";
import { SupplyBars } from "@/components/chains/SupplyBars";
import { formatUsd, formatUtc } from "@/components/format";
import { ErrorState } from "@/components/ui/ErrorState";
import { WarningsNotice } from "@/components/ui/Notice";
import { Section } from "@/components/ui/Section";
import { getChains, type ChainsResult } from "@/lib/chains";
import { keepDegradedBriefly } from "@/lib/page-cache";

// The aggregate's chain figures (6 h class), regenerated in the background; sorting and the
// filter run in the browser, so the page has no query string. A degraded render is kept briefly.
export const revalidate = 21600;

export const metadata: Metadata = {
  title: "Stablecoins by chain",
  description:
    "USD stablecoin supply on every chain the aggregate lists (EVM and not), with 1/7/30-day change and the largest coins. Informational only.",
};

async function load(): Promise<ChainsResult | null> {
  try {
    return await getChains();
  } catch {
    return null;
  }
}

export default async function ChainsPage() {
  const result = await load();
  const body = result?.ok ? result.body : null;
  await keepDegradedBriefly(body === null || body.warnings.length > 0);
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Stablecoins by chain</h1>
        <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
          USD stablecoin supply on every chain the aggregate lists
          {body ? `: ${formatUsd(body.total_circulating_usd)} on ${body.chains.length} chains` : ""}
          .
        </p>
      </div>
      {body ? (
        <>
          <WarningsNotice
            warnings={body.warnings}
            label="Partial data: some sources are unavailable"
          />
          <Section
            id="supply-by-chain"
            title="Supply by chain"
            description="The largest chains by USD stablecoin supply."
            provenance={
              <span className="text-xs text-slate-600 dark:text-slate-300">
                DefiLlama (aggregate), as of {formatUtc(body.metadata.sources[0]?.as_of)}
              </span>
            }
            methodHref="/methodology#chains"
          >
            <SupplyBars chains={body.chains} />
          </Section>
          <Section id="all-chains" title="All chains">
            <ChainsTable chains={body.chains} />
          </Section>
        </>
      ) : (
        <ErrorState
          title="Chain figures are unavailable"
          message="DefiLlama (aggregate): the stablecoin aggregate could not be loaded. Try again in a minute."
        />
      )}
    </div>
  );
}
