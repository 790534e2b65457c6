/**
 * DefiLlama coins API (keyless): current prices and hourly charts for many coins per call
 * (tests/fake-upstream/fixtures/samples/README.md §8). Keys are validated before they reach a
 * path; answers are looked up by the key as sent (the provider echoes it verbatim).
 */
import { getConfig } from "@/lib/config";
import { isCoinKey, type CoinPrice } from "@/lib/domain/coin-keys";
import { MS_PER_HOUR, type ChartCall, type HourlyPoint } from "@/lib/domain/chart-plan";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { validPriceUsd } from "@/lib/domain/peg";
import { providerGet, type ProviderCallOptions } from "../http";
import { fillPath, ProviderInputError } from "../segments";
import { chartSchema, pricesCurrentSchema } from "./schemas";

const PROVIDER = "defillama-coins";
export const DEFILLAMA_COINS_ENDPOINTS = {
  pricesCurrent: "/prices/current/{coins}",
  chart: "/chart/{coins}",
} as const;
/** `/chart` period of the hourly series. */
const HOURLY_PERIOD = "1h";

function coinsSegment(keys: readonly string[], endpoint: string): string {
  if (keys.length === 0 || !keys.every(isCoinKey))
    throw new ProviderInputError(PROVIDER, endpoint, "coin key");
  // `:` and `,` are legal in a path segment and the provider expects them literally.
  return keys.join(",");
}

function base() {
  return { provider: PROVIDER, baseUrl: getConfig().providers.defillamaCoins.baseUrl } as const;
}

/** `GET /prices/current/{coins}` for one chunk of keys → the priced ones (absent = no price). */
export async function fetchCurrentPrices(
  keys: readonly string[],
  options: ProviderCallOptions = {},
): Promise<CoinPrice[]> {
  const endpoint = DEFILLAMA_COINS_ENDPOINTS.pricesCurrent;
  const ctx = { provider: PROVIDER, endpoint } as const;
  const raw = await providerGet({
    ...base(),
    endpoint,
    path: fillPath(endpoint, { coins: coinsSegment(keys, endpoint) }, ctx),
    schema: pricesCurrentSchema,
    ...options,
  });
  const out: CoinPrice[] = [];
  for (const key of keys) {
    const entry = Object.hasOwn(raw.coins, key) ? raw.coins[key] : undefined;
    const priceUsd = validPriceUsd(entry?.price);
    if (!entry || priceUsd === null || entry.timestamp === null) continue;
    out.push({
      key,
      priceUsd,
      timestampMs: entry.timestamp * MS_PER_SECOND,
      confidence: entry.confidence ?? null,
    });
  }
  return out;
}

/**
 * `GET /chart/{coins}?start=&span=&period=1h` for one planned call → each asked coin's points
 * (a coin the provider skipped maps to `[]`), prices that are not prices dropped.
 */
export async function fetchHourlyChart(
  call: ChartCall,
  options: ProviderCallOptions = {},
): Promise<Map<string, HourlyPoint[]>> {
  const endpoint = DEFILLAMA_COINS_ENDPOINTS.chart;
  const ctx = { provider: PROVIDER, endpoint } as const;
  if (!Number.isInteger(call.span) || call.span < 1 || call.startMs % MS_PER_HOUR !== 0)
    throw new ProviderInputError(PROVIDER, endpoint, "span");
  const raw = await providerGet({
    ...base(),
    endpoint,
    path: fillPath(endpoint, { coins: coinsSegment(call.coins, endpoint) }, ctx),
    query: {
      start: String(call.startMs / MS_PER_SECOND),
      span: String(call.span),
      period: HOURLY_PERIOD,
    },
    schema: chartSchema,
    ...options,
  });
  const out = new Map<string, HourlyPoint[]>();
  for (const key of call.coins) {
    const series = Object.hasOwn(raw.coins, key) ? raw.coins[key] : undefined;
    const points: HourlyPoint[] = [];
    for (const p of series?.prices ?? []) {
      const priceUsd = validPriceUsd(p.price);
      if (priceUsd !== null && p.timestamp !== null)
        points.push({ timestampMs: p.timestamp * MS_PER_SECOND, priceUsd });
    }
    out.set(
      key,
      points.sort((a, b) => a.timestampMs - b.timestampMs),
    );
  }
  return out;
}
