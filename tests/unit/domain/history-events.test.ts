/**
 * The events raised from the service's own history (docs/history.md), at sample level: the
 * issue's goals, then the boundaries of each rule.
 */
import { historyEvents } from "@/lib/domain/history-events";
import { liquidityDrainEvents } from "@/lib/domain/liquidity-drain";
import { chainLocalDepegEvents, depegAtSizeEvents } from "@/lib/domain/peg-at-size-events";
import { riskScoreChangeEvents } from "@/lib/domain/risk-score-change";
import { COIN, healthy, HOUR_MS, series, T0_MS, withVenues } from "./history-events-fixtures";

const at = (i: number) => T0_MS + i * HOUR_MS;
/** Eight days of hourly samples: a full 7-day baseline before the drop. */
const DAYS_8 = 8 * 24;
const DROP_FROM = 180;
const DROP_HOURS = 6;
const inDrop = (i: number) => i >= DROP_FROM && i < DROP_FROM + DROP_HOURS;

describe("liquidity_drain", () => {
  it("a 6-hour 60 % depth drop on two exchanges → one confirmed event, start and end on the truth", () => {
    const samples = series(DAYS_8, (s, i) =>
      inDrop(i) ? withVenues(s, { "cex:binance": 0.4, "cex:kraken": 0.4 }) : s,
    );
    const events = liquidityDrainEvents(COIN, samples);
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e).toMatchObject({ type: "liquidity_drain", confirmed: true, ongoing: false });
    expect(Math.abs((e?.startMs ?? 0) - at(DROP_FROM))).toBeLessThanOrEqual(HOUR_MS);
    expect(Math.abs((e?.endMs ?? 0) - at(DROP_FROM + DROP_HOURS))).toBeLessThanOrEqual(HOUR_MS);
    expect(e?.worst.value).toBeCloseTo(0.46, 6);
    expect(e?.sources).toEqual(expect.arrayContaining(["cex:binance", "cex:kraken"]));
    expect(e?.sources).not.toContain("dex:ethereum");
  });

  it("the same drop on one exchange → no confirmed event", () => {
    const balanced = series(DAYS_8, (s, i) =>
      inDrop(i) ? withVenues(s, { "cex:binance": 0.4 }) : s,
    );
    expect(liquidityDrainEvents(COIN, balanced).filter((e) => e.confirmed)).toEqual([]);
    // One dominant exchange can take the total below half: listed, but unconfirmed.
    const dominant = series(DAYS_8, (s, i) => {
      const heavy = withVenues(s, { "cex:binance": 4 });
      return inDrop(i) ? withVenues(heavy, { "cex:binance": 0.1 }) : heavy;
    });
    const events = liquidityDrainEvents(COIN, dominant);
    expect(events).toHaveLength(1);
    expect(events[0]?.confirmed).toBe(false);
  });

  it("an exchange that stops answering → no event", () => {
    const samples = series(DAYS_8, (s, i) =>
      inDrop(i) ? withVenues(s, { "cex:binance": null, "cex:kraken": null }) : s,
    );
    expect(liquidityDrainEvents(COIN, samples)).toEqual([]);
  });

  it("an ongoing drain has no end", () => {
    const samples = series(DAYS_8, (s, i) =>
      i >= DROP_FROM ? withVenues(s, { "cex:binance": 0.4, "cex:kraken": 0.4 }) : s,
    );
    expect(liquidityDrainEvents(COIN, samples)).toEqual([
      expect.objectContaining({ startMs: at(DROP_FROM), endMs: null, ongoing: true }),
    ]);
  });

  const dropAll = (factor: number) => (s: ReturnType<typeof healthy>) =>
    withVenues(s, { "cex:binance": factor, "cex:kraken": factor, "dex:ethereum": factor });

  it("exactly 50 % of the median is not below it; just under is", () => {
    const exact = series(DAYS_8, (s, i) => (inDrop(i) ? dropAll(0.5)(s) : s));
    expect(liquidityDrainEvents(COIN, exact)).toEqual([]);
    const under = series(DAYS_8, (s, i) => (inDrop(i) ? dropAll(0.499)(s) : s));
    expect(liquidityDrainEvents(COIN, under)).toHaveLength(1);
  });

  it("needs 6 samples in the trailing window: 5 give no verdict", () => {
    const drop = (baseline: number) =>
      series(baseline + 2, (s, i) => (i >= baseline ? dropAll(0.3)(s) : s));
    expect(liquidityDrainEvents(COIN, drop(5))).toEqual([]);
    expect(liquidityDrainEvents(COIN, drop(6))).toHaveLength(1);
  });

  it("one low sample is not a drain; a sample between 50 % and 75 % keeps it open", () => {
    const spike = series(DAYS_8, (s, i) => (i === DROP_FROM ? dropAll(0.3)(s) : s));
    expect(liquidityDrainEvents(COIN, spike)).toEqual([]);
    const held = series(DAYS_8, (s, i) => {
      if (i === DROP_FROM || i === DROP_FROM + 1) return dropAll(0.3)(s);
      return i === DROP_FROM + 2 ? dropAll(0.6)(s) : s;
    });
    expect(liquidityDrainEvents(COIN, held)).toEqual([
      expect.objectContaining({ startMs: at(DROP_FROM), endMs: at(DROP_FROM + 3) }),
    ]);
  });
});

describe("depeg_at_size", () => {
  it("a $1M sale at 0.985 for 3 samples while the mid stays 1.000 → one event", () => {
    const samples = series(48, (s, i) => (i >= 10 && i < 13 ? { ...s, sale1mPriceUsd: 0.985 } : s));
    const events = depegAtSizeEvents(COIN, samples);
    expect(events).toEqual([
      expect.objectContaining({
        type: "depeg_at_size",
        chain: null,
        startMs: at(10),
        endMs: at(13),
        ongoing: false,
        confirmed: true,
        sources: ["kyberswap"],
      }),
    ]);
    expect(events[0]?.worst.value).toBeCloseTo(-150, 6);
  });

  it("exactly 100 bps is not beyond; a null sale price is a gap", () => {
    const exact = series(48, (s, i) => (i >= 10 && i < 13 ? { ...s, sale1mPriceUsd: 0.99 } : s));
    expect(depegAtSizeEvents(COIN, exact)).toEqual([]);
    const over = series(48, (s, i) => (i >= 10 && i < 13 ? { ...s, sale1mPriceUsd: 0.9899 } : s));
    expect(depegAtSizeEvents(COIN, over)).toHaveLength(1);
    const gapped = series(48, (s, i) =>
      i === 11 ? { ...s, sale1mPriceUsd: null } : i === 10 ? { ...s, sale1mPriceUsd: 0.98 } : s,
    );
    expect(depegAtSizeEvents(COIN, gapped)).toEqual([]);
  });

  it("ends only after 2 samples within 50 bps (exactly 50 bps is within)", () => {
    const samples = series(48, (s, i) => {
      if (i >= 10 && i < 12) return { ...s, sale1mPriceUsd: 0.98 };
      if (i === 12) return { ...s, sale1mPriceUsd: 0.995 };
      return i === 13 ? { ...s, sale1mPriceUsd: 0.993 } : s;
    });
    expect(depegAtSizeEvents(COIN, samples)).toEqual([
      expect.objectContaining({ startMs: at(10), endMs: at(14) }),
    ]);
  });
});

describe("chain_local_depeg", () => {
  const basePools = (price: number) => (s: ReturnType<typeof healthy>, i: number) =>
    i >= 20 && i < 23
      ? {
          ...s,
          priceUsd: price,
          chainPegBps: { ...s.chainPegBps, base: -350 },
        }
      : s;

  it("Base pools at 0.965 for 3 samples → one event naming base, none elsewhere", () => {
    const events = chainLocalDepegEvents(COIN, series(48, basePools(1)));
    expect(events).toEqual([
      expect.objectContaining({
        type: "chain_local_depeg",
        chain: "base",
        startMs: at(20),
        endMs: at(23),
        worst: { value: -350, atMs: at(20) },
      }),
    ]);
  });

  it("is not chain-local while the coin itself is off peg", () => {
    expect(chainLocalDepegEvents(COIN, series(48, basePools(0.97)))).toEqual([]);
  });
});

describe("risk_score_change", () => {
  const pegDrop = (s: ReturnType<typeof healthy>, i: number) =>
    i >= 20
      ? { ...s, riskScore: 69, riskComponents: { ...s.riskComponents, pegStability: 60 } }
      : s;

  it("a component dropping the score by 12 → one event naming it first", () => {
    const events = riskScoreChangeEvents(COIN, series(48, pegDrop));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ startMs: at(19), endMs: at(20), ongoing: false });
    expect(events[0]?.worst.value).toBe(-12);
    expect(events[0]?.componentDeltas?.[0]).toMatchObject({ component: "pegStability" });
    expect(events[0]?.componentDeltas?.[0]?.scoreDeltaPoints).toBeCloseTo(-12, 9);
  });

  it("needs 10 points within 24 h: 9.9 is not, a slow drift over 2 days is not", () => {
    const small = series(48, (s, i) => (i >= 20 ? { ...s, riskScore: 71.1 } : s));
    expect(riskScoreChangeEvents(COIN, small)).toEqual([]);
    const exact = series(48, (s, i) => (i >= 20 ? { ...s, riskScore: 71 } : s));
    expect(riskScoreChangeEvents(COIN, exact)).toHaveLength(1);
    const drift = series(72, (s, i) => ({ ...s, riskScore: 81 - i * 0.2 }));
    expect(riskScoreChangeEvents(COIN, drift)).toEqual([]);
  });

  it("a component that stops being measured is not a change of risk", () => {
    const unknown = series(48, (s, i) =>
      i >= 20
        ? { ...s, riskScore: 60, riskComponents: { ...s.riskComponents, liquidity: null } }
        : s,
    );
    expect(riskScoreChangeEvents(COIN, unknown)).toEqual([]);
  });
});

it("a healthy history raises nothing; the log is in start order", () => {
  expect(historyEvents(COIN, series(DAYS_8))).toEqual([]);
  const mixed = series(DAYS_8, (s, i) =>
    i >= 100 && i < 103
      ? { ...s, sale1mPriceUsd: 0.97 }
      : inDrop(i)
        ? withVenues(s, { "cex:binance": 0.4, "cex:kraken": 0.4 })
        : s,
  );
  expect(historyEvents(COIN, mixed.reverse()).map((e) => e.type)).toEqual([
    "depeg_at_size",
    "liquidity_drain",
  ]);
});
