import { PRICE_SOURCES_DISAGREE_BPS, priceDisagreement } from "@/lib/domain/price-sources";

describe("priceDisagreement (more than 50 bps between two sources)", () => {
  it("is 50 bps", () => expect(PRICE_SOURCES_DISAGREE_BPS).toBe(50));

  it("49 bps apart agree; 51 bps apart disagree", () => {
    const at = (other: number) =>
      priceDisagreement([
        { source: "market", priceUsd: 1 },
        { source: "defillama-coins", priceUsd: other },
      ]);
    expect(at(1.0049)).toBeNull();
    expect(at(0.9951)).toBeNull();
    const d = at(1.0051);
    expect(d?.spreadBps).toBeCloseTo(51, 9);
    expect(d?.low.source).toBe("market");
    expect(d?.high.source).toBe("defillama-coins");
    expect(at(0.9949)?.spreadBps).toBeCloseTo(51, 9);
  });

  it("compares the widest pair; unknown prices (null, 0, negative) are not prices", () => {
    expect(
      priceDisagreement([
        { source: "market", priceUsd: 1.002 },
        { source: "defillama-coins", priceUsd: 0.997 },
        { source: "aggregate", priceUsd: 0.9995 },
      ])?.spreadBps,
    ).toBeCloseTo(50, 9); // exactly 50: not more than 50
    expect(
      priceDisagreement([
        { source: "market", priceUsd: 1 },
        { source: "defillama-coins", priceUsd: 0 },
        { source: "aggregate", priceUsd: null },
        { source: "dex", priceUsd: -1 },
      ]),
    ).toBeNull();
    expect(priceDisagreement([{ source: "market", priceUsd: 0.9 }])).toBeNull();
  });
});
