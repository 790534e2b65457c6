import {
  chainLabel,
  formatBps,
  formatPct,
  formatUsd,
  formatUsdFull,
  formatUtc,
  signClass,
} from "@/components/format";

describe("formatting helpers", () => {
  it("formats compact USD", () => {
    expect(formatUsd(187_046_513_494.9)).toBe("$187.0B");
    expect(formatUsd(633_112_710)).toBe("$633.1M");
    expect(formatUsd(999_960_000)).toBe("$1.0B");
    expect(formatUsd(2.5e12)).toBe("$2.5T");
    expect(formatUsd(412)).toBe("$412");
    // The word joiner (U+2060) keeps a sign on the same line as its amount.
    expect(formatUsd(-187e6)).toBe("−\u2060$187.0M");
    expect(formatUsd(633.1e6, { signed: true })).toBe("+\u2060$633.1M");
    expect(formatUsdFull(-1234.4)).toBe("−\u2060$1,234");
    expect(formatUsd(null)).toBe("—");
    expect(formatUsd(Number.NaN)).toBe("—");
  });

  it("formats signed percentages and basis points", () => {
    expect(formatPct(10.399)).toBe("+10.40%");
    expect(formatPct(-0.1)).toBe("−0.10%");
    expect(formatPct(0)).toBe("0.00%");
    expect(formatPct(-0.0001)).toBe("0.00%");
    expect(formatPct(64.37, { digits: 1, signed: false })).toBe("64.4%");
    expect(formatPct(null)).toBe("—");
    expect(formatBps(6.44)).toBe("+6.4 bps");
    expect(formatBps(-3.8)).toBe("−3.8 bps");
    expect(formatBps(0.01)).toBe("0.0 bps");
    expect(formatBps(null)).toBe("—");
    // The raw deviation and the API's rounded one (0.01 bps) print alike on every page.
    expect(formatBps((0.999815 - 1) * 10_000)).toBe(formatBps(-1.85));
  });

  it("formats times in UTC and chain names", () => {
    expect(formatUtc("2025-06-01T14:05:59.000Z")).toBe("2025-06-01 14:05 UTC");
    expect(formatUtc("not a date")).toBe("not a date");
    expect(chainLabel("arbitrum")).toBe("Arbitrum");
    expect(chainLabel("bnb")).toBe("BNB Chain");
    expect(chainLabel("plume-mainnet")).toBe("Plume Mainnet");
    expect([signClass(2), signClass(-1), signClass(0), signClass(null)]).toEqual([1, -1, 0, 0]);
  });
});
