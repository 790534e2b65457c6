import {
  chainHhi,
  concentrationLabel,
  hhi,
  HHI_MAX,
  issuerChainTreemap,
  issuerMarketConcentration,
  issuerShare,
} from "@/lib/domain/concentration";

const market = [
  { issuer: "Tether", circulatingUsd: 600 },
  { issuer: "Circle", circulatingUsd: 300 },
  { issuer: "Sky (MakerDAO)", circulatingUsd: 50 },
  { issuer: "sky (makerdao) ", circulatingUsd: 50 },
  { issuer: "Dead", circulatingUsd: 0 },
  { issuer: "Broken", circulatingUsd: Number.NaN },
];

describe("HHI", () => {
  it("is 10 000 for one participant and 5 000 for two equal ones", () => {
    expect(hhi([42])).toBe(HHI_MAX);
    expect(hhi([1, 1])).toBe(5_000);
    expect(hhi([1, 1, 1, 1])).toBeCloseTo(2_500, 9);
    expect(hhi([])).toBeNull();
    expect(hhi([0, -1])).toBeNull();
  });

  it("is computed on chain distributions on the 0–10 000 scale", () => {
    expect(chainHhi({ ethereum: 1 })).toBe(10_000);
    expect(chainHhi({ ethereum: 0.5, base: 0.5 })).toBe(5_000);
    expect(chainHhi({ ethereum: 0.6, base: 0.3, arbitrum: 0.1 })).toBeCloseTo(3_600 + 900 + 100, 9);
    expect(chainHhi({})).toBeNull();
  });

  it("labels concentration with the 1 500 / 2 500 bands", () => {
    expect(concentrationLabel(1_499)).toBe("unconcentrated");
    expect(concentrationLabel(1_500)).toBe("moderate");
    expect(concentrationLabel(2_500)).toBe("moderate");
    expect(concentrationLabel(2_501)).toBe("high");
    expect(concentrationLabel(null)).toBe("unknown");
  });
});

describe("issuer concentration", () => {
  it("gives an issuer's share of the USD stablecoin market", () => {
    expect(issuerShare("Tether", market)).toEqual({
      issuer: "Tether",
      issuerUsd: 600,
      totalUsd: 1_000,
      share: 0.6,
    });
    expect(issuerShare("SKY (MAKERDAO)", market).share).toBeCloseTo(0.1, 12);
    expect(issuerShare("Nobody", market).share).toBe(0);
    expect(issuerShare("Tether", []).share).toBeNull();
  });

  it("computes market HHI over issuers and the top issuer", () => {
    const c = issuerMarketConcentration(market);
    expect(c.totalUsd).toBe(1_000);
    expect(c.issuers.map((r) => r.issuer)).toEqual(["Tether", "Circle", "Sky (MakerDAO)"]);
    expect(c.hhi).toBeCloseTo(3_600 + 900 + 100, 9);
    expect(c.label).toBe("high");
    expect(c.topIssuer).toBe("Tether");
    expect(c.topIssuerShare).toBe(0.6);
    expect(issuerMarketConcentration([])).toMatchObject({
      hhi: null,
      topIssuer: null,
      topIssuerShare: null,
    });
  });
});

describe("issuer/chain treemap", () => {
  it("nests issuer → chain, merges chain aliases and drops zero values", () => {
    const tree = issuerChainTreemap([
      { issuer: "Circle", chain: "Ethereum", valueUsd: 30 },
      { issuer: "Circle", chain: "Base", valueUsd: 10 },
      { issuer: "Circle", chain: "Solana", valueUsd: 0 },
      { issuer: "Tether", chain: "OP Mainnet", valueUsd: 20 },
      { issuer: "Tether", chain: "optimism", valueUsd: 25 },
      { issuer: "Tether", chain: "Tron", valueUsd: 50 },
      { issuer: "Ghost", chain: "Ethereum", valueUsd: 0 },
    ]);
    expect(tree).toEqual({
      name: "USD stablecoins",
      children: [
        {
          name: "Tether",
          children: [
            { name: "tron", value: 50 },
            { name: "optimism", value: 45 },
          ],
        },
        {
          name: "Circle",
          children: [
            { name: "ethereum", value: 30 },
            { name: "base", value: 10 },
          ],
        },
      ],
    });
    expect(issuerChainTreemap([], "root")).toEqual({ name: "root", children: [] });
  });
});
