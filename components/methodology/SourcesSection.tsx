import { SPEC_TTL_SECONDS } from "@/lib/config";
import { DEX_CHAINS } from "@/lib/domain/chains";
import { CHART_CACHE_SECONDS, LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";
import { seconds } from "./fmtConst";
import { MethodSection, MiniTable, Name } from "./MethodSection";

/** The four providers: what each feeds, its latency, and the scheduled/cached rule. */
export function SourcesSection() {
  return (
    <MethodSection id="sources">
      <p>
        Every number carries the name of its source and the time it was read (UTC). Four providers
        are used; each warning the service shows is prefixed with the provider and source name.
      </p>
      <MiniTable
        caption="Providers"
        head={["Provider", "Source type", "Feeds", "Latency"]}
        rows={[
          [
            "CoinGecko",
            <Name key="t">market</Name>,
            "Live price, 24h volume, market cap; price history (sparklines, de-peg statistics); centralized-exchange order-book depth (tickers).",
            `low — reused for ${seconds(LIVE_CACHE_SECONDS)}, price history for ${seconds(CHART_CACHE_SECONDS)}`,
          ],
          [
            "DexScreener",
            <Name key="t">liquidity</Name>,
            `DEX pools (pool map, DEX depth, deep-liquidity finder, DEX-implied price) on ${DEX_CHAINS.join(", ")}.`,
            `low — reused for ${seconds(LIVE_CACHE_SECONDS)}`,
          ],
          [
            "DefiLlama",
            <Name key="t">aggregate</Name>,
            "Free, keyless stablecoin aggregate: supply panel and rail, supply momentum, issuer shares and treemap, asset resolution, a price cross-check, and the fallback supply distribution.",
            `low — durable cache of ${seconds(SPEC_TTL_SECONDS.supplyPanel)}`,
          ],
          [
            "Dune",
            <Name key="t">on-chain-scheduled</Name>,
            "Scheduled on-chain queries: supply distribution by chain, CEX transfers, protocol flows, chain migration, issuer exposure.",
            "scheduled/cached — never live",
          ],
        ]}
      />
      <p>
        On-chain data reflects the <strong>last successful scheduled query run</strong> and is
        labelled <em>scheduled/cached</em> with that run&apos;s time (<Name>last_updated</Name>)
        everywhere. It is never live. Public routes only read a query&apos;s latest stored result (a
        read that costs no credits); they never execute, refresh or cancel a query. Fresh results
        come only from the provider&apos;s own scheduler or a reviewed operator script, never from a
        public request. Query ids come from configuration, and the read-only key travels in a
        request header only, never in a URL or a log.
      </p>
      <p>
        When the key is absent or the provider is unreachable, responses degrade to a partial state
        with a warning that the on-chain snapshot data is unavailable; the rest is still served.
      </p>
    </MethodSection>
  );
}
