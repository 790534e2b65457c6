/**
 * KyberSwap `/{chain}/api/v1/routes`, synthetic and deterministic, in the envelope of the
 * recorded samples. The fake does not know arbitrary tokens' decimals, so it reads them off the
 * raw amount: tracked tokens by address, otherwise 18 decimals for amounts of 19+ digits and 6
 * below (every ladder size of a $1-ish coin falls clearly on one side). Each token has a
 * deterministic route liquidity L (ROUTE_LIQUIDITY_USD); the cost of selling S is
 * base + S / L × IMPACT_BPS bps; beyond NO_ROUTE_SHARE × L the answer is "route not found"
 * (HTTP 400, code 4008, the recorded error body).
 */
import { findTokenByAddress } from "./assets";
import { hash32, round } from "./rng";

const ROUTE_LIQUIDITY_USD = { min: 5_000_000, max: 400_000_000 } as const;
const BASE_BPS = { min: 0.5, max: 3 } as const;
const IMPACT_BPS = 120;
const NO_ROUTE_SHARE = 0.6;
const LONG_RAW_DIGITS = 19;
const GAS_USD = { ethereum: 1.5, other: 0.02 } as const;
const CHAINS = new Set(["ethereum", "base", "arbitrum", "optimism", "polygon", "bsc", "avalanche"]);

function decimalsOf(chain: string, address: string, raw: string): number {
  return (
    findTokenByAddress(chain, address)?.entry.decimals ?? (raw.length >= LONG_RAW_DIGITS ? 18 : 6)
  );
}

const unit = (seed: string) => (hash32(seed) % 10_000) / 10_000;

export type KyberAnswer = { status: number; body: unknown };

export function kyberRoutes(chain: string, q: URLSearchParams): KyberAnswer {
  const tokenIn = q.get("tokenIn") ?? "";
  const tokenOut = q.get("tokenOut") ?? "";
  const amountIn = q.get("amountIn") ?? "";
  if (!CHAINS.has(chain))
    return {
      status: 404,
      body: {
        message: "no Route matched with those values",
        path: `/${chain}/api/v1/routes`,
        status: 404,
      },
    };
  if (
    !/^0x[0-9a-fA-F]{40}$/.test(tokenIn) ||
    !/^0x[0-9a-fA-F]{40}$/.test(tokenOut) ||
    !/^[1-9]\d*$/.test(amountIn)
  )
    return {
      status: 400,
      body: { code: 4000, message: "bad request", details: [], requestId: "fake" },
    };
  const decIn = decimalsOf(chain, tokenIn, amountIn);
  const decOut = findTokenByAddress(chain, tokenOut)?.entry.decimals ?? 6;
  const tokens = Number(BigInt(amountIn) / 10n ** BigInt(Math.max(0, decIn - 6))) / 1e6;
  const seed = `${chain}|${tokenIn.toLowerCase()}`;
  const liquidity =
    ROUTE_LIQUIDITY_USD.min + unit(seed) * (ROUTE_LIQUIDITY_USD.max - ROUTE_LIQUIDITY_USD.min);
  if (tokens > liquidity * NO_ROUTE_SHARE)
    return {
      status: 400,
      body: { code: 4008, message: "route not found", details: null, requestId: "fake-4008" },
    };
  const costBps =
    BASE_BPS.min +
    unit(`${seed}|base`) * (BASE_BPS.max - BASE_BPS.min) +
    (tokens / liquidity) * IMPACT_BPS;
  const out = tokens * (1 - costBps / 10_000);
  const amountOut = (BigInt(Math.round(out * 1e6)) * 10n ** BigInt(decOut)) / 1_000_000n;
  const gasUsd = chain === "ethereum" ? GAS_USD.ethereum : GAS_USD.other;
  return {
    status: 200,
    body: {
      code: 0,
      message: "successfully",
      data: {
        routeSummary: {
          tokenIn: tokenIn.toLowerCase(),
          amountIn,
          amountInUsd: String(round(tokens, 4)),
          tokenOut: tokenOut.toLowerCase(),
          amountOut: amountOut.toString(),
          amountOutUsd: String(round(out, 4)),
          gas: "612000",
          gasPrice: "1204567890",
          gasUsd: String(gasUsd),
          l1FeeUsd: "0",
          route: [],
          routeID: "fake-route",
          checksum: "1",
          timestamp: 1776563934,
        },
        routerAddress: "0x6131B5fae19EA4f9D964eAc0408E4408b66337b5",
      },
      requestId: "fake-route",
    },
  };
}
