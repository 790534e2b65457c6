/**
 * The methodology's provider table and chain lists, built from the source table
 * (lib/providers/sources.ts) and the chain tables (lib/domain/chains.ts), so the page names
 * exactly the sources /api/health reports on and the chains pools are read on.
 */
import { chainLabel } from "@/components/format";
import { SPEC_TTL_SECONDS } from "@/lib/config";
import { DEX_CHAINS, DEX_POOL_CHAINS } from "@/lib/domain/chains";
import { EXIT_COST_FRESH_SECONDS } from "@/lib/domain/exit-cost-constants";
import { SOURCES, type SourceEntry } from "@/lib/providers/sources";
import {
  CHART_FRESH_SECONDS,
  COIN_PRICES_FRESH_SECONDS,
  HISTORY_HOURLY_FRESH_SECONDS,
  LIVE_FRESH_SECONDS,
} from "@/lib/snapshot/policy";
import type { ProviderName } from "@/lib/telemetry";
import { seconds } from "./fmtConst";

const list = (chains: readonly string[]) => chains.map(chainLabel).join(", ");

/** Chains whose pools can be looked up: every chain of the platform table. */
export const poolChainsText = (): string => list(DEX_POOL_CHAINS);
/** Chains where the overlay's contract overrides, and hence DEX quotes, apply. */
export const overlayChainsText = (): string => list(DEX_CHAINS);

const ORDER_BOOK = {
  feeds: "Order book of the coin's USD and USDT markets, walked for the exit cost by trade size.",
  latency: `low — reused for ${seconds(EXIT_COST_FRESH_SECONDS)}`,
};

/** What each provider feeds and how fresh it is; a provider added to SOURCES must be described here. */
const USES: Readonly<Record<ProviderName, { feeds: string; latency: string }>> = {
  defillama: {
    feeds:
      "Free, keyless stablecoin aggregate: supply panel, market total and rail, supply momentum, issuer shares and treemap, chains, asset resolution, a price cross-check, and the fallback supply distribution.",
    latency: `low — durable cache of ${seconds(SPEC_TTL_SECONDS.supplyPanel)}`,
  },
  coingecko: {
    feeds:
      "Live price, 24h volume, market cap; price history (sparklines, de-peg statistics); centralized-exchange order-book depth (tickers); coin contracts for pool lookups.",
    latency: `low — reused for ${seconds(LIVE_FRESH_SECONDS)}, price history for ${seconds(CHART_FRESH_SECONDS)}`,
  },
  "defillama-coins": {
    feeds:
      "A second, independent current price of every coin (the price cross-check) and hourly price series for the depeg log.",
    latency: `low — prices reused for ${seconds(COIN_PRICES_FRESH_SECONDS)}, hourly series extended every ${seconds(HISTORY_HOURLY_FRESH_SECONDS)}`,
  },
  dexscreener: {
    feeds: `DEX pools (pool map, DEX depth, deep-liquidity finder, DEX-implied price, chain-local peg) on the chains of a coin's contracts among ${poolChainsText()}; the data overlay's contract overrides cover ${overlayChainsText()}.`,
    latency: `low — reused for ${seconds(LIVE_FRESH_SECONDS)}`,
  },
  binance: ORDER_BOOK,
  kraken: ORDER_BOOK,
  coinbase: ORDER_BOOK,
  kyberswap: {
    feeds: `Executable DEX swap quotes for the exit cost by trade size, on ${overlayChainsText()}.`,
    latency: `low — reused for ${seconds(EXIT_COST_FRESH_SECONDS)}`,
  },
  dune: {
    feeds:
      "Scheduled on-chain queries: supply distribution by chain, CEX transfers, protocol flows, chain migration, issuer exposure.",
    latency: "scheduled/cached — never live",
  },
};

export interface SourceRow {
  name: string;
  type: SourceEntry["type"];
  feeds: string;
  latency: string;
}

/** One row per source of SOURCES, in its order. */
export function sourceRows(): SourceRow[] {
  return SOURCES.map((s) => ({ name: s.name, type: s.type, ...USES[s.provider] }));
}

/** The sources of one type, by name (e.g. the order books): `Binance, Kraken, Coinbase`. */
export function sourceNames(type: SourceEntry["type"]): string {
  return SOURCES.filter((s) => s.type === type)
    .map((s) => s.name)
    .join(", ");
}
