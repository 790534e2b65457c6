import {
  chainLocalEventsOn,
  newestFirst,
  worstUnitOf,
  type HistoryEventIn,
} from "@/lib/history-series/events";

function ev(over: Partial<HistoryEventIn>): HistoryEventIn {
  return {
    type: "chain_local_depeg",
    symbol: "USDC",
    selector: "usdc",
    chain: "base",
    start: "2026-11-20T00:00:00Z",
    end: null,
    ongoing: true,
    worst: { metric: "chain_peg_bps", value: -350 },
    confirmed: true,
    sources: ["DexScreener"],
    ...over,
  };
}

it("orders newest first, ties by type then chain", () => {
  const a = ev({ start: "2026-11-19T00:00:00Z" });
  const b = ev({ chain: "arbitrum" });
  const c = ev({});
  const d = ev({ type: "depeg", chain: null });
  expect(newestFirst([a, c, b, d])).toEqual([b, c, d, a]);
});

it("keeps one chain's chain-local depegs only", () => {
  const base = ev({});
  const events = [
    base,
    ev({ chain: "ethereum" }),
    ev({ type: "depeg_at_size", chain: null }),
    ev({ type: "liquidity_drain", chain: "base" }),
  ];
  expect(chainLocalEventsOn(events, "base")).toEqual([base]);
  expect(chainLocalEventsOn(events, "solana")).toEqual([]);
});

it("names the unit of each type's worst value", () => {
  expect(worstUnitOf("liquidity_drain")).toBe("share");
  expect(worstUnitOf("risk_score_change")).toBe("points");
  expect(worstUnitOf("depeg_at_size")).toBe("bps");
  expect(worstUnitOf("chain_local_depeg")).toBe("bps");
  expect(worstUnitOf("depeg")).toBe("bps");
});
