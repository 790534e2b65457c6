/**
 * Exit cost of one venue at one trade size, pure maths (issue 27; /methodology#exit-cost):
 *
 * - CEX order book: a market sell of N USD worth of the coin (N ÷ its USD price, in coins)
 *   walks the bids level by level; the average fill price in USD (a USDT-quoted pair is
 *   converted at the USDT price of the moment) gives the cost in bps from $1.00. The book's end
 *   stops the walk: what it could not take is the unfilled part, and the size is then not
 *   fillable there (no cost number). Empty or crossed books are not measured (null + reason).
 * - DEX aggregator quote: cost from amountOut ÷ amountIn, both scaled by their token decimals
 *   with exact integer arithmetic (raw amounts exceed 2^53), the output token valued at $1.00.
 *   "Route not found" means not fillable, not an error; a quote older than its TTL is stale.
 */
import { BPS_PER_UNIT } from "./peg";

/** `[price, size]` as the exchange sent them (decimal strings, any number of decimals). */
export type BookLevel = readonly [price: string, size: string];

export interface OrderBook {
  /** Best (highest) first. */
  bids: BookLevel[];
  /** Best (lowest) first. */
  asks: BookLevel[];
}

export type NotMeasuredReason =
  | "empty-book"
  | "crossed-book"
  | "no-quote-price"
  | "no-price"
  | "no-decimals"
  | "no-quote"
  | "source-unavailable"
  | "rate-budget";

export type VenueFill =
  | {
      measured: true;
      /** False when the book (or route) could not take the whole size. */
      fillable: boolean;
      /** Cost in bps from $1.00 of the whole size; null when not fillable. */
      costBps: number | null;
      /** Average fill price in USD of the part that filled; null when nothing filled. */
      avgPriceUsd: number | null;
      filledUsd: number;
      unfilledUsd: number;
    }
  | { measured: false; reason: NotMeasuredReason };

export interface WalkInput {
  sizeUsd: number;
  /** The coin's USD price; null → the book's best bid in USD stands in. */
  coinPriceUsd: number | null;
  /** USD per unit of the pair's quote currency (1 for USD, the USDT price for USDT). */
  quoteUsd: number | null;
}

/** Relative remainder below which a walk counts as filled (float noise, not liquidity). */
const FILL_EPSILON = 1e-9;

const price = (l: BookLevel) => Number(l[0]);
const size = (l: BookLevel) => Number(l[1]);

/** Levels with a positive finite price and size, best first (exchanges send them sorted). */
function usable(levels: readonly BookLevel[], order: 1 | -1): BookLevel[] {
  return levels
    .filter((l) => price(l) > 0 && size(l) > 0 && Number.isFinite(price(l) * size(l)))
    .sort((a, b) => order * (price(a) - price(b)));
}

/** Why a book cannot be walked, or null. Crossed: best bid above best ask. */
export function bookProblem(book: OrderBook): NotMeasuredReason | null {
  const bids = usable(book.bids, -1);
  const asks = usable(book.asks, 1);
  const bestBid = bids[0];
  const bestAsk = asks[0];
  if (!bestBid) return "empty-book";
  if (bestAsk && price(bestBid) > price(bestAsk)) return "crossed-book";
  return null;
}

/** A parsed level: price in the quote currency, size in coins. */
export interface Level {
  price: number;
  size: number;
}

/** The usable bids as numbers, best first (parse and sort once per book, not per walk). */
export function parsedBids(bids: readonly BookLevel[]): Level[] {
  return usable(bids, -1).map((l) => ({ price: price(l), size: size(l) }));
}

/** Proceeds in USD of selling `qty` coins into parsed bids, and the coins left unsold. */
export function sellInto(
  bids: readonly Level[],
  qty: number,
  quoteUsd: number,
): { proceedsUsd: number; leftQty: number } {
  let left = qty;
  let proceedsUsd = 0;
  for (const level of bids) {
    if (left <= 0) break;
    const take = Math.min(left, level.size);
    proceedsUsd += take * level.price * quoteUsd;
    left -= take;
  }
  return { proceedsUsd, leftQty: left <= qty * FILL_EPSILON ? 0 : left };
}

/** `sellInto` on raw levels. */
export function sellIntoBids(
  bids: readonly BookLevel[],
  qty: number,
  quoteUsd: number,
): { proceedsUsd: number; leftQty: number } {
  return sellInto(parsedBids(bids), qty, quoteUsd);
}

/** A book parsed once for any number of walks: usable bids as numbers, or why it is unusable. */
export type PreparedBook =
  { bids: Level[]; problem: null } | { bids: []; problem: NotMeasuredReason };

export function prepareBook(book: OrderBook): PreparedBook {
  const problem = bookProblem(book);
  return problem ? { bids: [], problem } : { bids: parsedBids(book.bids), problem: null };
}

/** The cost of a market sell of `sizeUsd` worth of the coin into the book's bids. */
export function walkBook(book: OrderBook | PreparedBook, input: WalkInput): VenueFill {
  const prepared = "problem" in book ? book : prepareBook(book);
  if (prepared.problem) return { measured: false, reason: prepared.problem };
  if (input.quoteUsd === null || !(input.quoteUsd > 0))
    return { measured: false, reason: "no-quote-price" };
  const best = prepared.bids[0] as Level;
  const coinPriceUsd =
    input.coinPriceUsd !== null && input.coinPriceUsd > 0
      ? input.coinPriceUsd
      : best.price * input.quoteUsd;
  const qty = input.sizeUsd / coinPriceUsd;
  const { proceedsUsd, leftQty } = sellInto(prepared.bids, qty, input.quoteUsd);
  const filledQty = qty - leftQty;
  const avgPriceUsd = filledQty > 0 ? proceedsUsd / filledQty : null;
  const fillable = leftQty === 0;
  return {
    measured: true,
    fillable,
    costBps: fillable && avgPriceUsd !== null ? (1 - avgPriceUsd) * BPS_PER_UNIT : null,
    avgPriceUsd,
    filledUsd: filledQty * coinPriceUsd,
    unfilledUsd: leftQty * coinPriceUsd,
  };
}

/** Fixed-point scale of the exact ratio (18 decimals, far below a 0.001 bps resolution). */
const RATIO_DECIMALS = 18n;
const TEN = 10n;
const DIGITS = /^\d{1,80}$/;

/** A raw integer amount (decimal string of base units) as a BigInt; null when not one. */
export function rawAmount(raw: string): bigint | null {
  return DIGITS.test(raw) ? BigInt(raw) : null;
}

/**
 * (amountOut / 10^decimalsOut) ÷ (amountIn / 10^decimalsIn), computed on integers so 25-digit
 * raw amounts keep every digit; null when an amount is not a positive integer.
 */
export function scaledRatio(
  amountInRaw: string,
  amountOutRaw: string,
  decimalsIn: number,
  decimalsOut: number,
): number | null {
  const amountIn = rawAmount(amountInRaw);
  const amountOut = rawAmount(amountOutRaw);
  if (amountIn === null || amountOut === null || amountIn === 0n) return null;
  const scale = TEN ** RATIO_DECIMALS;
  const num = amountOut * TEN ** BigInt(decimalsIn) * scale;
  const den = amountIn * TEN ** BigInt(decimalsOut);
  return Number(num / den) / Number(scale);
}

/** Cost in bps from $1.00 of a quote, the output token (a USD stablecoin) valued at $1.00. */
export function quoteCostBps(
  amountInRaw: string,
  amountOutRaw: string,
  decimalsIn: number,
  decimalsOut: number,
): number | null {
  const ratio = scaledRatio(amountInRaw, amountOutRaw, decimalsIn, decimalsOut);
  return ratio === null ? null : (1 - ratio) * BPS_PER_UNIT;
}

/** Decimal places of a coin amount kept when converting to base units (sub-micro-coin dust). */
const AMOUNT_DECIMALS = 6;

/** `amount` tokens as a raw integer string of base units (`decimals` places). */
export function toRawUnits(amount: number, decimals: number): string {
  if (!(amount > 0) || !Number.isFinite(amount)) return "0";
  const kept = Math.min(decimals, AMOUNT_DECIMALS);
  const [whole = "0", frac = ""] = amount.toFixed(kept).split(".");
  const digits = BigInt(whole + frac) * TEN ** BigInt(decimals - kept);
  return digits.toString();
}

/** A DEX aggregator's answer for one size: a route, or "no route" (not fillable there). */
export type DexQuote =
  | { kind: "route"; amountInRaw: string; amountOutRaw: string; gasUsd: number | null }
  | { kind: "no-route"; code: number };

/** A quote's fill at `sizeUsd`: a route's cost, or "not fillable" for no route. */
export function quoteFill(
  quote: DexQuote,
  sizeUsd: number,
  decimalsIn: number,
  decimalsOut: number,
): VenueFill {
  if (quote.kind === "no-route")
    return {
      measured: true,
      fillable: false,
      costBps: null,
      avgPriceUsd: null,
      filledUsd: 0,
      unfilledUsd: sizeUsd,
    };
  const ratio = scaledRatio(quote.amountInRaw, quote.amountOutRaw, decimalsIn, decimalsOut);
  if (ratio === null) return { measured: false, reason: "no-quote" };
  return {
    measured: true,
    fillable: true,
    costBps: (1 - ratio) * BPS_PER_UNIT,
    avgPriceUsd: ratio,
    filledUsd: sizeUsd,
    unfilledUsd: 0,
  };
}

/** A quote is stale once older than its TTL (it is then shown, flagged, never as fresh). */
export function isQuoteStale(asOfMs: number, nowMs: number, ttlMs: number): boolean {
  return nowMs - asOfMs > ttlMs;
}
