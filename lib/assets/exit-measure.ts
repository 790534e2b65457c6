/**
 * The fan-out of one exit-cost measurement: every order book and every DEX quote of the coin
 * read in parallel through the read layer (a cold answer costs about the slowest source, not
 * the sum), each turned into per-size fills by the pure maths of `lib/domain/exit-cost.ts`.
 * Shared by the exit-cost and risk answers and the history sampler (`measureExitLadder`).
 */
import type { AssetContext } from "@/lib/assets/context";
import type { Warning } from "@/lib/assets/warnings";
import { MS_PER_SECOND, USD_PEG_TYPE } from "@/lib/domain/constants";
import {
  isQuoteStale,
  prepareBook,
  quoteFill,
  walkBook,
  type OrderBook,
  type VenueFill,
} from "@/lib/domain/exit-cost";
import { FILL_TOLERANCE_USD } from "@/lib/domain/exit-cost-constants";
import { bookLossCurve, pointsLossCurve, type LossCurve } from "@/lib/domain/exit-ladder";
import { readDexQuote, readOrderBook } from "@/lib/snapshot/exit-cost";
import { EXIT_COST_FRESH_SECONDS } from "@/lib/snapshot/policy";
import { isRateBudgetError } from "@/lib/snapshot/rate-budget";
import { calledUpstream, type CachedRead } from "@/lib/snapshot/read-through";
import { noteRead, type ReadOpts } from "@/lib/snapshot/read-opts";
import { largestSupplyFirst } from "@/lib/domain/supply";
import {
  cexMarkets,
  decimalsLookup,
  dexQuoteRequest,
  dexTargets,
  exitPriceUsd,
  USD_QUOTE,
  type CexMarket,
  type DexTarget,
} from "./exit-venues";
import { EW, EXCHANGE_SOURCE } from "./exit-warnings";
import { quoteIn, readMarketQuotes } from "./market-batches";
import { overlayFor } from "./overlay";
import { resolutionRefs, toAggregateRef } from "./resolve";

export interface MeasuredVenue {
  id: string;
  venue: string;
  kind: "cex" | "dex";
  chain: string | null;
  pair: string;
  source: string;
  asOf: number | null;
  stale: boolean;
  fills: VenueFill[];
  gasUsd: (number | null)[];
  /** For the split estimate; null when the venue has nothing to sell into. */
  loss: LossCurve | null;
}

export interface Measurement {
  venues: MeasuredVenue[];
  warnings: Warning[];
  upstream: boolean;
}

type Got<T> = { read: CachedRead<T> | null; error?: unknown };

async function settle<T>(p: Promise<CachedRead<T>>): Promise<Got<T>> {
  try {
    const read = await p;
    return { read, error: read.error };
  } catch (error) {
    return { read: null, error };
  }
}

const unmeasured = (error: unknown): VenueFill => ({
  measured: false,
  reason: isRateBudgetError(error) ? "rate-budget" : "source-unavailable",
});

interface Inputs {
  ctx: AssetContext;
  sizesUsd: readonly number[];
  markets: readonly CexMarket[];
  targets: readonly DexTarget[];
  coinPriceUsd: number | null;
  /** The non-USD quote currency's USD price, resolved alongside the reads (only the walk needs it). */
  stableQuotePriceUsd: Promise<number | null>;
  readOpts?: ReadOpts;
}

export async function measureExitCost(input: Inputs): Promise<Measurement> {
  const { sizesUsd, coinPriceUsd, readOpts } = input;
  const now = readOpts?.now?.() ?? Date.now();
  const ttlMs = EXIT_COST_FRESH_SECONDS * MS_PER_SECOND;
  const stale = (r: CachedRead<unknown>) => isQuoteStale(r.storedAt, now, ttlMs);
  const note = (r: CachedRead<unknown> | null) => {
    if (r) noteRead(readOpts?.report, { settled: r.settled, upstream: calledUpstream(r) });
  };

  const books = input.markets.map((m) => settle(readOrderBook(m.exchange, m.pair, readOpts)));
  const quotes = input.targets.map((t) =>
    sizesUsd.map((sizeUsd) => {
      const req = dexQuoteRequest(t, sizeUsd, coinPriceUsd);
      return req === null ? null : settle(readDexQuote(req, readOpts));
    }),
  );
  const [stableQuotePriceUsd, bookReads, quoteReads] = await Promise.all([
    input.stableQuotePriceUsd,
    Promise.all(books),
    Promise.all(quotes.map((row) => Promise.all(row))),
  ]);

  const venues: MeasuredVenue[] = [];
  const warnings: Warning[] = [];
  let upstream = false;

  input.markets.forEach((m, i) => {
    const got = bookReads[i] as Got<OrderBook>;
    note(got.read);
    upstream ||= got.read !== null && calledUpstream(got.read);
    const quoteUsd = m.quote === USD_QUOTE ? 1 : stableQuotePriceUsd;
    const book = got.read ? prepareBook(got.read.value) : null;
    if (!book) warnings.push(EW.book(m.exchange, `${m.base}/${m.quote}`, got.error));
    const isStale = got.read !== null && stale(got.read);
    if (isStale) warnings.push(EW.bookStale(m.exchange, `${m.base}/${m.quote}`));
    venues.push({
      id: `${m.exchange}:${m.base}/${m.quote}`,
      venue: m.exchange,
      kind: "cex",
      chain: null,
      pair: `${m.base}/${m.quote}`,
      source: EXCHANGE_SOURCE[m.exchange],
      asOf: got.read?.storedAt ?? null,
      stale: isStale,
      fills: sizesUsd.map((sizeUsd) =>
        book ? walkBook(book, { sizeUsd, coinPriceUsd, quoteUsd }) : unmeasured(got.error),
      ),
      gasUsd: sizesUsd.map(() => null),
      loss: book && !book.problem && quoteUsd !== null ? bookLossCurve(book.bids, quoteUsd) : null,
    });
  });

  input.targets.forEach((t, i) => {
    const row = quoteReads[i] ?? [];
    let failure: unknown = undefined;
    let asOf: number | null = null;
    let anyStale = false;
    const fills = row.map((got, j): VenueFill => {
      const sizeUsd = sizesUsd[j] as number;
      if (got === null)
        return { measured: false, reason: t.decimalsIn === null ? "no-decimals" : "no-price" };
      note(got.read);
      if (!got.read) {
        failure ??= got.error;
        return unmeasured(got.error);
      }
      upstream ||= calledUpstream(got.read);
      asOf = asOf === null ? got.read.storedAt : Math.min(asOf, got.read.storedAt);
      anyStale ||= stale(got.read);
      return quoteFill(got.read.value, sizeUsd, t.decimalsIn ?? 0, t.decimalsOut);
    });
    if (failure !== undefined) warnings.push(EW.dex(t.chain, failure));
    if (anyStale) warnings.push(EW.dexStale(t.chain));
    const points = fills.flatMap((f, j) =>
      f.measured && f.fillable && f.costBps !== null && coinPriceUsd !== null
        ? [{ qty: (sizesUsd[j] as number) / coinPriceUsd, costBps: f.costBps }]
        : [],
    );
    venues.push({
      id: `kyberswap:${t.chain}`,
      venue: "kyberswap",
      kind: "dex",
      chain: t.chain,
      pair: `${input.ctx.asset.symbol}/${t.tokenOutSymbol}`,
      source: "KyberSwap",
      asOf,
      stale: anyStale,
      fills,
      gasUsd: row.map((got) => (got?.read?.value.kind === "route" ? got.read.value.gasUsd : null)),
      loss:
        points.length > 0 && coinPriceUsd !== null
          ? pointsLossCurve(points, FILL_TOLERANCE_USD / coinPriceUsd)
          : null,
    });
  });
  return { venues, warnings, upstream };
}

/**
 * The USD price of a book's quote currency other than USD (a stablecoin's symbol): the largest
 * USD-pegged coin of the aggregate (the overlay's identities while there is no copy) by that
 * symbol, at its price in the market-wide quote batch
 * (the coin's own quote when it is that coin), else the aggregate's price.
 */
async function quoteCurrencyPrice(
  symbol: string,
  ctx: AssetContext,
  readOpts?: ReadOpts,
): Promise<number | null> {
  const coin = resolutionRefs((ctx.aggregate.value ?? []).map(toAggregateRef))
    .filter((a) => a.pegType === USD_PEG_TYPE && a.symbol.toUpperCase() === symbol)
    .sort(largestSupplyFirst)[0];
  if (!coin) return null;
  if (coin.id === ctx.asset.defillamaId && ctx.quote?.value?.priceUsd)
    return ctx.quote.value.priceUsd;
  const geckoId = coin.geckoId ?? overlayFor(coin.id)?.coingeckoId ?? null;
  try {
    // The market-wide quote batch: the same cached entry every coin's answer reads.
    const r = await readMarketQuotes(readOpts);
    const price = geckoId ? quoteIn(r.value, geckoId).quote?.priceUsd : null;
    if (price) return price;
  } catch {
    // Fall back on the aggregate's price below.
  }
  return ctx.aggregate.value?.find((a) => a.id === coin.id)?.priceUsd ?? null;
}

/** The whole ladder for a loaded asset context: its venues (books, DEX chains) and their reads. */
export async function measureExitLadder(
  ctx: AssetContext,
  sizesUsd: readonly number[],
  readOpts?: ReadOpts,
): Promise<Measurement> {
  const markets = cexMarkets(ctx.asset.symbol, ctx.tickers?.value ?? []);
  // USD-quoted books need no conversion; the other quote currency is a stablecoin.
  const stableQuote = markets.find((m) => m.quote !== USD_QUOTE)?.quote ?? null;
  const stableQuotePriceUsd = stableQuote
    ? quoteCurrencyPrice(stableQuote, ctx, readOpts)
    : Promise.resolve(null);
  const targets = dexTargets(ctx, await decimalsLookup(ctx, readOpts));
  return measureExitCost({
    ctx,
    sizesUsd,
    markets,
    targets,
    coinPriceUsd: exitPriceUsd(ctx),
    stableQuotePriceUsd,
    readOpts,
  });
}
