/** Raw DexScreener pairs → pools of the queried token. */
import { canonicalChain } from "@/lib/domain/chains";
import { validPriceUsd } from "@/lib/domain/peg";
import type { DexPool, DexToken } from "@/lib/domain/types";
import type { RawPair } from "./schemas";

type RawToken = RawPair["baseToken"];

function toToken(raw: RawToken): DexToken {
  return { address: raw.address, symbol: raw.symbol ?? "", name: raw.name ?? "" };
}

/** DexScreener's own site: the only place a pool link from this provider may point. */
export const DEXSCREENER_HOST = "dexscreener.com";

/**
 * A pool link kept only when it is `https:` on DexScreener's own host (no credentials, no
 * port); anything else — `javascript:`, `data:`, plain http, another host — becomes null.
 */
export function safePoolUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  const ok =
    u.protocol === "https:" &&
    u.hostname === DEXSCREENER_HOST &&
    u.port === "" &&
    u.username === "" &&
    u.password === "";
  return ok ? u.href : null;
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * USD price of the queried token. `priceUsd` is always the *base* token's USD price and
 * `priceNative` the base price in quote units, so the quote token's USD price is their ratio.
 */
function assetPrice(raw: RawPair, side: "base" | "quote"): number | null {
  if (side === "base") return validPriceUsd(raw.priceUsd);
  if (raw.priceUsd === null || raw.priceNative === null || raw.priceNative <= 0) return null;
  return validPriceUsd(raw.priceUsd / raw.priceNative);
}

/** The pool for `tokenAddress` (matched case-insensitively on either side), or null. */
export function toDexPool(raw: RawPair, tokenAddress: string): DexPool | null {
  const side = sameAddress(raw.baseToken.address, tokenAddress)
    ? "base"
    : sameAddress(raw.quoteToken.address, tokenAddress)
      ? "quote"
      : null;
  if (side === null) return null;
  const counter = side === "base" ? raw.quoteToken : raw.baseToken;
  return {
    chain: canonicalChain(raw.chainId),
    dexId: raw.dexId,
    pairAddress: raw.pairAddress,
    url: safePoolUrl(raw.url),
    labels: raw.labels ?? [],
    baseToken: toToken(raw.baseToken),
    quoteToken: toToken(raw.quoteToken),
    assetSide: side,
    assetPriceUsd: assetPrice(raw, side),
    counterSymbol: counter.symbol ?? "",
    liquidityUsd: raw.liquidity?.usd ?? null,
    liquidityBase: raw.liquidity?.base ?? null,
    liquidityQuote: raw.liquidity?.quote ?? null,
    volume24hUsd: raw.volume?.h24 ?? null,
    pairCreatedAt: raw.pairCreatedAt,
  };
}
