/**
 * Exit-cost swap targets and the pools' stable↔stable split come from data: the aggregate's
 * USD-pegged coins (by supply on the chain) with the overlay's contracts, not a list of symbols.
 */
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { usdStablesOf } from "@/lib/assets/usd-stables";
import type { AggregateAsset } from "@/lib/domain/types";
import { deepestStablecoin } from "@/lib/assets/exit-venues";
import { ENTRY } from "@/tests/helpers/asset-context";

const withContractOn = (chain: "arbitrum") =>
  OVERLAY_COINS.filter((c) => c.addresses[chain].length > 0);

/** A USD-pegged coin of the aggregate without a CoinGecko id; each test sets what it varies. */
const asset = (a: Partial<AggregateAsset> & { id: string; symbol: string }): AggregateAsset => ({
  ...ENTRY,
  name: a.symbol,
  geckoId: null,
  ...a,
});

const onArbitrum = (usd: number) => ({
  arbitrum: { currentUsd: usd, prevDayUsd: null, prevWeekUsd: null, prevMonthUsd: null },
});

describe("deepestStablecoin", () => {
  const [first, second] = withContractOn("arbitrum");
  if (!first || !second) throw new Error("the overlay has two coins with Arbitrum contracts");

  it("picks the coin with the most supply on the chain, by the aggregate", () => {
    for (const [small, large] of [
      [first, second],
      [second, first],
    ] as const) {
      const aggregate = [
        asset({ id: small.defillamaId, symbol: small.symbol, chainCirculating: onArbitrum(1) }),
        asset({ id: large.defillamaId, symbol: large.symbol, chainCirculating: onArbitrum(9) }),
      ];
      const sink = deepestStablecoin(
        "arbitrum",
        { aggregate: { value: aggregate, asOf: 1, stale: false } },
        null,
      );
      expect(sink?.symbol).toBe(large.symbol);
      expect(sink?.address).toBe(large.addresses.arbitrum[0]!.address);
    }
  });

  it("only USD-pegged coins of the aggregate, never the coin itself", () => {
    const aggregate = [
      asset({
        id: first.defillamaId,
        symbol: first.symbol,
        chainCirculating: onArbitrum(9),
        pegType: "peggedEUR",
      }),
      asset({ id: second.defillamaId, symbol: second.symbol, chainCirculating: onArbitrum(1) }),
    ];
    const ctx = { aggregate: { value: aggregate, asOf: 1, stale: false } };
    expect(deepestStablecoin("arbitrum", ctx, null)?.symbol).toBe(second.symbol);
    expect(deepestStablecoin("arbitrum", ctx, second.defillamaId)).toBeNull();
  });

  it("the overlay's identities only while there is no aggregate copy", () => {
    const sink = deepestStablecoin(
      "arbitrum",
      { aggregate: { value: null, asOf: null, stale: false } },
      null,
    );
    expect(sink?.symbol).toBe(first.symbol);
  });
});

describe("usdStablesOf", () => {
  it("every USD-pegged symbol of the aggregate, whatever it is called", () => {
    const stables = usdStablesOf([
      asset({ id: "9001", symbol: "NewUSD" }),
      asset({ id: "9002", symbol: "EURX", pegType: "peggedEUR" }),
    ]);
    expect(stables.symbols.has("NEWUSD")).toBe(true);
    expect(stables.symbols.has("EURX")).toBe(false);
    // Not a symbol of this list: no built-in list of symbols stands in.
    expect(stables.symbols.has("USDC")).toBe(false);
  });

  it("the overlay's contracts (bridged spellings have their own addresses)", () => {
    const address = OVERLAY_COINS[0]!.addresses.ethereum[0]!.address;
    expect(usdStablesOf([]).addresses.has(address.toLowerCase())).toBe(true);
  });

  it("the overlay's identities while there is no aggregate copy", () => {
    const symbols = usdStablesOf(null).symbols;
    for (const c of OVERLAY_COINS) expect(symbols.has(c.symbol.toUpperCase())).toBe(true);
  });
});
