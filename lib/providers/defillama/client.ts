/** Stablecoin aggregate API (DefiLlama, keyless). */
import { getConfig } from "@/lib/config";
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import type { AggregateSnapshot, SupplyPoint } from "@/lib/domain/types";
import { providerGet, type ProviderCallOptions } from "../http";
import { numericIdSegment } from "../segments";
import { toAggregateAsset, toPegTypeSupplyPoints, toSupplyPoints } from "./map";
import { stablecoinsSchema, supplyChartSchema } from "./schemas";

const PROVIDER = "defillama";
export const DEFILLAMA_ENDPOINTS = {
  stablecoins: "/stablecoins",
  supplyChart: "/stablecoincharts/all",
  /** Every coin's daily price in one call: `./prices`. */
  stablecoinPrices: "/stablecoinprices",
} as const;

/** `GET /stablecoins?includePrices=true` → every listed asset, in upstream order (largest first). */
export async function fetchStablecoins(
  options: ProviderCallOptions = {},
): Promise<AggregateSnapshot> {
  const endpoint = DEFILLAMA_ENDPOINTS.stablecoins;
  const raw = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.stablecoins.baseUrl,
    path: endpoint,
    query: { includePrices: "true" },
    schema: stablecoinsSchema,
    ...options,
  });
  return { assets: raw.peggedAssets.map(toAggregateAsset) };
}

/** `GET /stablecoincharts/all?stablecoin={id}` → daily circulating USD of one asset, oldest first. */
export async function fetchSupplyHistory(
  defillamaId: string,
  options: ProviderCallOptions = {},
): Promise<SupplyPoint[]> {
  const endpoint = DEFILLAMA_ENDPOINTS.supplyChart;
  const id = numericIdSegment(defillamaId, { provider: PROVIDER, endpoint }, "stablecoin id");
  const raw = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.stablecoins.baseUrl,
    path: endpoint,
    query: { stablecoin: id },
    schema: supplyChartSchema,
    ...options,
  });
  return toSupplyPoints(raw);
}

/** `GET /stablecoincharts/all` → daily circulating USD of all USD-pegged stablecoins, oldest first. */
export async function fetchTotalSupplyHistory(
  options: ProviderCallOptions = {},
): Promise<SupplyPoint[]> {
  const endpoint = DEFILLAMA_ENDPOINTS.supplyChart;
  const raw = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.stablecoins.baseUrl,
    path: endpoint,
    schema: supplyChartSchema,
    ...options,
  });
  return toPegTypeSupplyPoints(raw, USD_PEG_TYPE);
}
