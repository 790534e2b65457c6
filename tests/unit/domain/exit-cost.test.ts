/**
 * Exit-cost maths at explicit numbers (issue 27 §4): the order-book walk against an independent
 * exact-decimal walk of the recorded books (within 0.1 bps), a monotone ladder, the book's end,
 * string prices, crossed and empty books, USDT conversion; aggregator quotes scaled by decimals,
 * "no route" as not fillable, staleness; the split estimate and the peg-holding size.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  isQuoteStale,
  parsedBids,
  quoteCostBps,
  quoteFill,
  toRawUnits,
  walkBook,
  type BookLevel,
  type OrderBook,
} from "@/lib/domain/exit-cost";
import { DEFAULT_EXIT_SIZES_USD } from "@/lib/domain/exit-cost-constants";
import {
  bestVenue,
  bookLossCurve,
  largestPegHoldingSize,
  pointsLossCurve,
  splitEstimate,
} from "@/lib/domain/exit-ladder";

const SAMPLES = path.join(__dirname, "../../fake-upstream/fixtures/samples");
const sample = (name: string) => JSON.parse(readFileSync(path.join(SAMPLES, name), "utf8"));
const rows = (side: unknown[][]): BookLevel[] => side.map((r) => [String(r[0]), String(r[1])]);

const kraken = sample("kraken-depth-usdcusd.reconstructed.json").result.USDCUSD;
const BOOKS: Record<string, { book: OrderBook; quoteUsd: number }> = {
  "binance USDCUSDT": {
    book: (({ bids, asks }) => ({ bids: rows(bids), asks: rows(asks) }))(
      sample("binance-depth-usdcusdt.reconstructed.json"),
    ),
    quoteUsd: 0.9998,
  },
  "kraken USDCUSD": { book: { bids: rows(kraken.bids), asks: rows(kraken.asks) }, quoteUsd: 1 },
  "coinbase USDT-USD": {
    book: (({ bids, asks }) => ({ bids: rows(bids), asks: rows(asks) }))(
      sample("coinbase-book-usdt-usd-level2.reconstructed.json"),
    ),
    quoteUsd: 1,
  },
};

/** Exact decimals as BigInt at SCALE digits: the independent walk never touches a float. */
const SCALE = 30n;
const ONE = 10n ** SCALE;
function dec(s: string): bigint {
  const [w = "0", f = ""] = s.split(".");
  return BigInt(w + f.padEnd(Number(SCALE), "0").slice(0, Number(SCALE)));
}
const mul = (a: bigint, b: bigint) => (a * b) / ONE;
const div = (a: bigint, b: bigint) => (a * ONE) / b;

/** Cost in bps of selling `sizeUsd` at coin price `priceUsd`, or null when the book runs out. */
function exactWalkBps(book: OrderBook, sizeUsd: string, priceUsd: string, quoteUsd: string) {
  let left = div(dec(sizeUsd), dec(priceUsd));
  const qty = left;
  let proceeds = 0n;
  for (const [p, s] of book.bids) {
    if (left === 0n) break;
    const take = dec(s) < left ? dec(s) : left;
    proceeds += mul(mul(take, dec(p)), dec(quoteUsd));
    left -= take;
  }
  if (left > 0n) return null;
  const avg = div(proceeds, qty);
  return Number(ONE - avg) / Number(ONE / 10_000n);
}

const LADDER = [1_000, 10_000, 100_000, 1_000_000, 5_000_000, 10_000_000, 50_000_000, 100_000_000];
const COIN_PRICE = 0.9999;

describe("order-book walk on the recorded books", () => {
  it.each(Object.entries(BOOKS))("%s: every size equals an exact walk within 0.1 bps", (_n, b) => {
    let measured = 0;
    for (const size of LADDER) {
      const fill = walkBook(b.book, {
        sizeUsd: size,
        coinPriceUsd: COIN_PRICE,
        quoteUsd: b.quoteUsd,
      });
      const exact = exactWalkBps(b.book, String(size), String(COIN_PRICE), String(b.quoteUsd));
      if (!fill.measured) throw new Error("not measured");
      if (exact === null) {
        expect(fill.fillable).toBe(false);
        expect(fill.costBps).toBeNull();
        expect(fill.unfilledUsd).toBeGreaterThan(0);
      } else {
        expect(fill.fillable).toBe(true);
        expect(Math.abs((fill.costBps as number) - exact)).toBeLessThan(0.1);
        measured += 1;
      }
    }
    expect(measured).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.entries(BOOKS))(
    "%s: the ladder is monotone (a larger sale never costs less)",
    (_n, b) => {
      const costs = DEFAULT_EXIT_SIZES_USD.concat(LADDER)
        .sort((x, y) => x - y)
        .map((sizeUsd) => walkBook(b.book, { sizeUsd, coinPriceUsd: 1, quoteUsd: b.quoteUsd }))
        .flatMap((f) => (f.measured && f.costBps !== null ? [f.costBps] : []));
      for (let i = 1; i < costs.length; i++)
        expect(costs[i]).toBeGreaterThanOrEqual((costs[i - 1] as number) - 1e-9);
    },
  );

  it("Kraken USDCUSD at $1M and coin price $1: 1.2 bps (sum over the first levels)", () => {
    // Independent arithmetic over the recorded first bids (0.99970 …): see exactWalkBps.
    const exact = exactWalkBps(BOOKS["kraken USDCUSD"]!.book, "1000000", "1", "1");
    const fill = walkBook(BOOKS["kraken USDCUSD"]!.book, {
      sizeUsd: 1e6,
      coinPriceUsd: 1,
      quoteUsd: 1,
    });
    expect(fill.measured && fill.costBps).toBeCloseTo(exact as number, 6);
  });
});

describe("order-book walk at explicit numbers", () => {
  const book: OrderBook = {
    bids: [
      ["0.9990", "1000"],
      ["0.99800000", "2000"],
      ["0.997", "500"],
    ],
    asks: [["1.0010", "5000"]],
  };

  it("fills level by level: $2,000 at $1 → 1000 @ 0.999 + 1000 @ 0.998 = 15 bps", () => {
    const f = walkBook(book, { sizeUsd: 2_000, coinPriceUsd: 1, quoteUsd: 1 });
    expect(f).toMatchObject({ measured: true, fillable: true, filledUsd: 2000, unfilledUsd: 0 });
    expect(f.measured && f.costBps).toBeCloseTo(15, 9);
    expect(f.measured && f.avgPriceUsd).toBeCloseTo(0.9985, 12);
  });

  it("stops at the book's end: $5,000 leaves $1,500 unfilled, no cost number", () => {
    const f = walkBook(book, { sizeUsd: 5_000, coinPriceUsd: 1, quoteUsd: 1 });
    expect(f).toMatchObject({ measured: true, fillable: false, costBps: null });
    expect(f.measured && f.unfilledUsd).toBeCloseTo(1_500, 9);
    expect(f.measured && f.filledUsd).toBeCloseTo(3_500, 9);
  });

  it("N ÷ price in coins: $999 at $0.999 sells 1000 coins at 0.999 → 10 bps", () => {
    const f = walkBook(book, { sizeUsd: 999, coinPriceUsd: 0.999, quoteUsd: 1 });
    expect(f.measured && f.costBps).toBeCloseTo(10, 9);
  });

  it("USDT-quoted: prices converted at the USDT price of the moment (0.9990 × 1.0005)", () => {
    const f = walkBook(book, { sizeUsd: 1_000, coinPriceUsd: 1, quoteUsd: 1.0005 });
    expect(f.measured && f.costBps).toBeCloseTo((1 - 0.999 * 1.0005) * 10_000, 9);
    expect(walkBook(book, { sizeUsd: 1_000, coinPriceUsd: 1, quoteUsd: null })).toEqual({
      measured: false,
      reason: "no-quote-price",
    });
  });

  it("crossed and empty books are not measured, with a reason", () => {
    const crossed: OrderBook = { bids: [["1.0020", "10"]], asks: [["1.0010", "10"]] };
    expect(walkBook(crossed, { sizeUsd: 1_000, coinPriceUsd: 1, quoteUsd: 1 })).toEqual({
      measured: false,
      reason: "crossed-book",
    });
    const empty: OrderBook = { bids: [], asks: [["1.001", "10"]] };
    expect(walkBook(empty, { sizeUsd: 1_000, coinPriceUsd: 1, quoteUsd: 1 })).toEqual({
      measured: false,
      reason: "empty-book",
    });
  });

  it("no coin price: the best bid in USD stands in", () => {
    const f = walkBook(book, { sizeUsd: 999, coinPriceUsd: null, quoteUsd: 1 });
    expect(f.measured && f.costBps).toBeCloseTo(10, 9);
  });
});

describe("aggregator quotes", () => {
  const q1m = sample("kyberswap-routes-usde-usdc-1m.reconstructed.json").data.routeSummary;
  const q10m = sample("kyberswap-routes-usde-usdc-10m.reconstructed.json").data.routeSummary;

  it("scales by decimals (USDe 18 → USDC 6): 1,000,000 → 999,269.571788 = 7.30428212 bps", () => {
    expect(q1m.amountIn).toBe("1000000000000000000000000");
    expect(quoteCostBps(q1m.amountIn, q1m.amountOut, 18, 6)).toBeCloseTo(7.30428212, 6);
    // The wrong decimals are off by orders of magnitude, never silently close.
    expect(Math.abs(quoteCostBps(q1m.amountIn, q1m.amountOut, 6, 6) as number)).toBeGreaterThan(
      9_999,
    );
  });

  it("10M sample: 9,850,741.41 out → 149.26 bps; costs rise with size", () => {
    const c10m = quoteCostBps(q10m.amountIn, q10m.amountOut, 18, 6) as number;
    expect(c10m).toBeCloseTo((1 - Number(q10m.amountOut) / 1e6 / 1e7) * 10_000, 6);
    expect(c10m).toBeGreaterThan(quoteCostBps(q1m.amountIn, q1m.amountOut, 18, 6) as number);
  });

  it("'no route' is not fillable, not an error", () => {
    expect(quoteFill({ kind: "no-route", code: 4008 }, 1e7, 18, 6)).toEqual({
      measured: true,
      fillable: false,
      costBps: null,
      avgPriceUsd: null,
      filledUsd: 0,
      unfilledUsd: 1e7,
    });
  });

  it("a quote older than its TTL is stale", () => {
    expect(isQuoteStale(1_000, 1_000 + 300_000, 300_000)).toBe(false);
    expect(isQuoteStale(1_000, 1_001 + 300_000, 300_000)).toBe(true);
  });

  it("base units: $100,000 of an 18-decimal coin at $1, and 6 decimals with rounding", () => {
    expect(toRawUnits(100_000, 18)).toBe("100000000000000000000000");
    expect(toRawUnits(1_234.5678919, 6)).toBe("1234567892");
    expect(toRawUnits(10_000_000 / 0.9993, 6)).toBe("10007004903432");
  });
});

describe("ladder across venues", () => {
  const deep: OrderBook = {
    bids: [
      ["0.9995", "1000000"],
      ["0.9950", "9000000"],
    ],
    asks: [],
  };
  const thin: OrderBook = { bids: [["0.9990", "2000000"]], asks: [] };

  it("best single venue is the cheapest fillable one", () => {
    const fills = [
      { id: "deep", fill: walkBook(deep, { sizeUsd: 2e6, coinPriceUsd: 1, quoteUsd: 1 }) },
      { id: "thin", fill: walkBook(thin, { sizeUsd: 2e6, coinPriceUsd: 1, quoteUsd: 1 }) },
    ];
    // deep: 1M @ 0.9995 + 1M @ 0.995 = 27.5 bps; thin: 10 bps.
    expect(bestVenue(fills)).toEqual({ id: "thin", costBps: expect.closeTo(10, 9) });
  });

  it("the greedy split never costs more than the best single venue, shares sum to 1", () => {
    const venues = [
      { id: "deep", loss: bookLossCurve(parsedBids(deep.bids), 1) },
      { id: "thin", loss: bookLossCurve(parsedBids(thin.bids), 1) },
    ];
    const split = splitEstimate(venues, 3e6);
    // Optimum 8.33 bps (1M @ 0.9995 on deep, 2M @ 0.999 on thin). In 60k slices the greedy
    // sells 17 on deep (1M @ 0.9995 + 20k @ 0.995 = $600) and 33 on thin (1.98M, $1,980):
    // $2,580 / 3M = 8.6 bps — an estimate, and far below the best single venue (deep: 35 bps).
    expect(split.costBps).toBeCloseTo(8.6, 6);
    const single = walkBook(deep, { sizeUsd: 3e6, coinPriceUsd: 1, quoteUsd: 1 });
    expect(single.measured && single.costBps).toBeCloseTo(35, 6);
    expect(split.allocations.reduce((a, b) => a + b.share, 0)).toBeCloseTo(1, 9);
    expect(splitEstimate(venues, 20e6)).toMatchObject({ costBps: null });
  });

  it("DEX loss is interpolated between measured sizes and unavailable beyond them", () => {
    const curve = pointsLossCurve([
      { qty: 1e5, costBps: 2 },
      { qty: 1e6, costBps: 10 },
    ]);
    expect(curve(5e4)).toBeCloseTo(10, 9); // half of 100k × 2 bps = $20
    expect(curve(1e6)).toBeCloseTo(1_000, 9);
    expect(curve(2e6)).toBeNull();
  });

  it("largest size holding the peg: every size up to it within 50 bps", () => {
    const rung = (sizeUsd: number, bestCostBps: number | null) => ({
      sizeUsd,
      bestCostBps,
      measured: true,
    });
    expect(
      largestPegHoldingSize([rung(1e4, 1), rung(1e5, 20), rung(1e6, 60), rung(1e7, 200)]),
    ).toEqual({ sizeUsd: 1e5, measured: true });
    expect(largestPegHoldingSize([rung(1e4, 51)])).toEqual({ sizeUsd: null, measured: true });
    expect(largestPegHoldingSize([{ sizeUsd: 1e4, bestCostBps: null, measured: false }])).toEqual({
      sizeUsd: null,
      measured: false,
    });
  });
});
