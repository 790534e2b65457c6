import { decimalsFor, roundTo, roundToUnits } from "@/lib/domain/precision";

describe("precision by unit", () => {
  it.each([
    ["peg_deviation_bps", 2],
    ["max_spread_bps", 2],
    ["share_outside_10_bps", 6],
    ["circulating_usd", 2],
    ["price_usd", 6],
    ["worst_price_usd", 6],
    ["price", 6],
    ["dex_current_price", 6],
    ["tolerance_usd", 6],
    ["change_7d_pct", 4],
    ["issuer_share_of_usd_market_pct", 4],
    ["share_of_supply", 6],
    ["coverage", 6],
    ["ethereum", 6],
  ])("%s keeps %i decimals", (key, d) => {
    expect(decimalsFor(key)).toBe(d);
  });

  it("rounds the measured float noise away and leaves integers alone", () => {
    expect(roundTo(-0.40999999999957737, 2)).toBe(-0.41);
    expect(roundTo(0.9996196075999146, 6)).toBe(0.99962);
    expect(roundTo(1764008817208, 2)).toBe(1764008817208);
    expect(roundTo(-0.001, 2)).toBe(0);
    expect(Object.is(roundTo(-0.001, 2), -0)).toBe(false);
    expect(roundTo(Number.NaN, 2)).toBeNaN();
  });

  it("walks a body by field name; array items take their array's name", () => {
    const at = new Date(0);
    const body = {
      peg_deviation_bps: -0.40999999999957737,
      market_cap_usd: 78499942802.123,
      tolerance_usd: [0.99512345678, 1.0049999999],
      supply_distribution: { ethereum: 0.8302078886709474 },
      rows: [{ change_24h_pct: 0.33837967541939407, label: "x", v: null }],
      at,
    };
    expect(roundToUnits(body)).toEqual({
      peg_deviation_bps: -0.41,
      market_cap_usd: 78499942802.12,
      tolerance_usd: [0.995123, 1.005],
      supply_distribution: { ethereum: 0.830208 },
      rows: [{ change_24h_pct: 0.3384, label: "x", v: null }],
      at,
    });
    expect(body.peg_deviation_bps).toBe(-0.40999999999957737);
  });

  it("keeps odd upstream keys as plain keys", () => {
    const body = JSON.parse('{"__proto__": 0.123456789, "constructor": 1.5}') as object;
    const out = roundToUnits(body);
    expect(Object.keys(out)).toEqual(["__proto__", "constructor"]);
    expect(JSON.stringify(out)).toBe('{"__proto__":0.123457,"constructor":1.5}');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});
