/**
 * Issue 25 §6 at explicit values: zero, negative and non-finite prices are not prices (never a
 * −10,000 bps "depeg"), and upstream names that are also `Object.prototype` members are ordinary
 * unknown chains — nothing throws, nothing reaches a prototype.
 */
import { chainLabel, backingLabel } from "@/components/format";
import { dexTargets } from "@/lib/assets/pools";
import { pegBadge } from "@/lib/domain/badge";
import { canonicalChain } from "@/lib/domain/chains";
import { depegStats } from "@/lib/domain/depeg";
import { detectDepegEvents, HOUR_MS } from "@/lib/domain/depeg-events";
import { pegDeviationBps, validPriceUsd } from "@/lib/domain/peg";
import { supplyShares } from "@/lib/domain/supply";
import type { PricePoint } from "@/lib/domain/types";
import { expectNoPollution } from "../../helpers/prototypes";

const T0 = Date.UTC(2026, 0, 1);
const HOSTILE = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

describe("prices that are not prices", () => {
  it("validPriceUsd keeps only finite positive prices", () => {
    expect(validPriceUsd(0.9985)).toBe(0.9985);
    for (const bad of [0, -0, -1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined])
      expect(validPriceUsd(bad)).toBeNull();
  });

  it("a zero or negative price has no peg deviation (not −10,000 bps)", () => {
    expect(pegDeviationBps(0)).toBeNull();
    expect(pegDeviationBps(-0.5)).toBeNull();
    expect(pegDeviationBps(Number.POSITIVE_INFINITY)).toBeNull();
    expect(pegDeviationBps(0.985)).toBeCloseTo(-150, 9);
  });

  // 48 hourly points at 1.0000 with a three-hour run of zero prices in the middle.
  const series: PricePoint[] = Array.from({ length: 48 }, (_, i) => ({
    timestampMs: T0 + i * HOUR_MS,
    priceUsd: i >= 20 && i < 23 ? 0 : i === 30 ? -1 : 1,
  }));

  it("depeg events skip such points: no −10,000 bps event", () => {
    const d = detectDepegEvents(series);
    expect(d.events).toEqual([]);
    expect(d.points).toBe(44);
  });

  it("depeg statistics skip such points", () => {
    const s = depegStats(series, "7d", T0 + 47 * HOUR_MS);
    expect(s.points).toBe(44);
    expect(s.worstDeviationBps).toBe(0);
    expect(s.status).toBe("on-peg");
  });

  it("the badge never checks a zero price", () => {
    const b = pegBadge({ market: 1, aggregate: 0, dex: -1 });
    expect(b.checkedPrices).toEqual([{ source: "market", priceUsd: 1 }]);
    expect(b.on).toBe(true);
    expect(pegBadge({ market: 0 }).on).toBe(false);
    expect(pegBadge({ market: 0 }).priceUsd).toBeNull();
  });
});

describe("names that are Object.prototype members", () => {
  it("canonicalChain treats them as ordinary unknown chains", () => {
    expect(HOSTILE.map(canonicalChain)).toEqual([
      "__proto__",
      "constructor",
      "tostring",
      "hasownproperty",
      "valueof",
    ]);
    expect(canonicalChain("OP Mainnet")).toBe("optimism");
    expectNoPollution();
  });

  it("supply shares keep them as own keys and pollute nothing", () => {
    const s = supplyShares(HOSTILE.map((label) => [label, 100] as const));
    expect(Object.keys(s).sort()).toEqual(
      ["__proto__", "constructor", "hasownproperty", "tostring", "valueof"].sort(),
    );
    expect(Object.hasOwn(s, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
    expect(s.__proto__).toBeCloseTo(0.2, 12);
    expect(JSON.parse(JSON.stringify(s))).toHaveProperty(["__proto__"]);
    expectNoPollution();
  });

  it("market-provider platforms with such names are not DEX chains", () => {
    const address = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    const targets = dexTargets(
      [...HOSTILE, "ethereum"].map((platform) => ({ platform, address, decimals: 6 })),
    );
    expect(targets).toEqual([{ chain: "ethereum", address }]);
  });

  it("display labels fall back to the name itself", () => {
    expect(chainLabel("constructor")).toBe("Constructor");
    expect(chainLabel("__proto__")).toBe("__proto__");
    expect(chainLabel("bnb")).toBe("BNB Chain");
    expect(backingLabel("toString")).toBe("toString");
    expect(backingLabel("fiat-backed")).toBe("Fiat-backed");
  });
});
