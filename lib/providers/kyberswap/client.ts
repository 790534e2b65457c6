/**
 * KyberSwap aggregator routes (keyless, docs/upstream.md; ~3 requests/s):
 * `GET /{chain}/api/v1/routes?tokenIn=&tokenOut=&amountIn=` with `amountIn` in tokenIn's base
 * units. Only `routeSummary`'s raw amounts and `gasUsd` are read: the route's hops (whose
 * `priceLimit` is a JSON number above 2^53 that `JSON.parse` rounds) are never used, and cost
 * is computed from the raw amounts, not the aggregator's own USD fields. "Route not found"
 * (HTTP 400, code 4008), "amountIn above the max allowed" (4009) and "token not found" (4011)
 * are answers: not fillable at that size.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type { DexQuote } from "@/lib/domain/exit-cost";
import { ProviderError } from "../errors";
import { providerGet, type ProviderCallOptions } from "../http";
import { numberish } from "../parse";
import { evmAddressSegment, fillPath, idSegment } from "../segments";

const PROVIDER = "kyberswap";
export const KYBERSWAP_ENDPOINTS = { routes: "/{chain}/api/v1/routes" } as const;
/** Sent so the aggregator applies its client tier (a stricter limit applies without it). */
export const KYBERSWAP_CLIENT_ID = "stablecoin-intel";
const HTTP_BAD_REQUEST = 400;
/** Error codes meaning "no route for this size": not fillable, not a failure. */
export const NO_ROUTE_CODES: readonly number[] = [4008, 4009, 4011];

const rawInteger = z.string().regex(/^\d{1,80}$/, "expected a raw integer amount");

const routesSchema = z.union([
  z.object({
    code: z.literal(0),
    data: z.object({
      routeSummary: z.object({
        amountIn: rawInteger,
        amountOut: rawInteger,
        gasUsd: numberish,
      }),
    }),
  }),
  z.object({ code: z.number().int(), message: z.string().optional() }),
]);

/** Canonical chain → KyberSwap chain slug, where they differ. */
const KYBERSWAP_CHAINS: Readonly<Record<string, string>> = { bnb: "bsc", avalanche_c: "avalanche" };

export function kyberswapChain(chain: string): string {
  return Object.hasOwn(KYBERSWAP_CHAINS, chain) ? (KYBERSWAP_CHAINS[chain] ?? chain) : chain;
}

export async function fetchDexQuote(
  chain: string,
  tokenIn: string,
  tokenOut: string,
  amountInRaw: string,
  options: ProviderCallOptions = {},
): Promise<DexQuote> {
  const endpoint = KYBERSWAP_ENDPOINTS.routes;
  const ctx = { provider: PROVIDER, endpoint } as const;
  if (!/^[1-9]\d{0,79}$/.test(amountInRaw))
    throw new ProviderError("schema", PROVIDER, endpoint, "amountIn must be a positive integer");
  const body = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.kyberswap.baseUrl,
    path: fillPath(endpoint, { chain: idSegment(kyberswapChain(chain), ctx, "chain") }, ctx),
    query: {
      tokenIn: evmAddressSegment(tokenIn, ctx),
      tokenOut: evmAddressSegment(tokenOut, ctx),
      amountIn: amountInRaw,
    },
    headers: { "x-client-id": KYBERSWAP_CLIENT_ID },
    schema: routesSchema,
    answerStatuses: [HTTP_BAD_REQUEST],
    ...options,
  });
  if ("data" in body) {
    const s = body.data.routeSummary;
    return { kind: "route", amountInRaw: s.amountIn, amountOutRaw: s.amountOut, gasUsd: s.gasUsd };
  }
  if (NO_ROUTE_CODES.includes(body.code)) return { kind: "no-route", code: body.code };
  throw new ProviderError("http", PROVIDER, endpoint, `error code ${body.code}`, HTTP_BAD_REQUEST);
}
