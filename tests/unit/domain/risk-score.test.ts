import fc from "fast-check";
import type { TransparencyFacts } from "@/lib/assets/overlay";
import {
  liquidityScore,
  pegStabilityScore,
  RISK_SCORE_DISCLAIMER,
  RISK_WEIGHTS,
  riskScore,
  transparencyScore,
  type PegStabilityInput,
  type RiskScoreInputs,
} from "@/lib/domain/risk-score";

const CALM: PegStabilityInput = {
  points: 720,
  shareOutside10Bps: 0,
  shareOutside50Bps: 0,
  shareOutside100Bps: 0,
  worstDeviationBps: 0,
  excursionsBeyond100Bps: 0,
};
const facts: TransparencyFacts = {
  reserveReporting: "attestation",
  attestationCadence: "monthly",
  sourceUrl: "https://example.org/transparency",
};
const full: RiskScoreInputs = {
  transparency: facts,
  liquidity: { depth2pctUsd: 1_000_000, marketCapUsd: 1_000_000_000 },
  pegStability: CALM,
};

describe("risk score components", () => {
  it("blends reserve reporting and cadence 60/40", () => {
    expect(
      transparencyScore({ reserveReporting: "on-chain", attestationCadence: "real-time" }),
    ).toBe(100);
    expect(transparencyScore(facts)).toBeCloseTo(0.6 * 70 + 0.4 * 60, 9);
    expect(
      transparencyScore({ reserveReporting: "audit", attestationCadence: "quarterly" }),
    ).toBeCloseTo(46, 9);
    expect(transparencyScore({ reserveReporting: "none", attestationCadence: "daily" })).toBe(0);
  });

  it("log-scales depth ÷ market cap between 1e-5 and 1e-1", () => {
    expect(liquidityScore(0)).toBe(0);
    expect(liquidityScore(1e-5)).toBe(0);
    expect(liquidityScore(1e-3)).toBeCloseTo(50, 9);
    expect(liquidityScore(1e-1)).toBeCloseTo(100, 9);
    expect(liquidityScore(1)).toBe(100);
  });

  it("scores a calm peg 100 and a broken one 0; null without data", () => {
    expect(pegStabilityScore(CALM)).toBe(100);
    const broken = {
      points: 720,
      shareOutside10Bps: 1,
      shareOutside50Bps: 1,
      shareOutside100Bps: 1,
      worstDeviationBps: -3_000,
      excursionsBeyond100Bps: 9,
    };
    expect(pegStabilityScore(broken)).toBe(0);
    // 20 × 0.1 + 30 × 0.02 + 30 × 60 / 500 + 5 × 1
    const mild = {
      ...CALM,
      shareOutside10Bps: 0.1,
      shareOutside50Bps: 0.02,
      worstDeviationBps: 60,
      excursionsBeyond100Bps: 1,
    };
    expect(pegStabilityScore(mild)).toBeCloseTo(100 - 2 - 0.6 - 3.6 - 5, 9);
    expect(pegStabilityScore({ ...CALM, points: 0, worstDeviationBps: null })).toBeNull();
  });
});

describe("risk score", () => {
  it("weights components 0.3 / 0.3 / 0.4 and carries the disclaimer", () => {
    expect(
      RISK_WEIGHTS.transparency + RISK_WEIGHTS.liquidity + RISK_WEIGHTS.pegStability,
    ).toBeCloseTo(1, 12);
    const r = riskScore(full);
    expect(r.missing).toEqual([]);
    expect(r.components.map((c) => [c.name, c.value, c.effectiveWeight])).toEqual([
      ["transparency", 66, 0.3],
      ["liquidity", 50, 0.3],
      ["pegStability", 100, 0.4],
    ]);
    expect(r.score).toBeCloseTo(0.3 * 66 + 0.3 * 50 + 0.4 * 100, 9);
    expect(r.disclaimer).toBe(RISK_SCORE_DISCLAIMER);
    expect(r.disclaimer).toMatch(/not a prediction of peg stability and not investment advice/);
    expect(r.components[1]?.inputs).toMatchObject({ depth_to_market_cap: 1e-3 });
    expect(r.components.every((c) => c.method.length > 0)).toBe(true);
    for (const c of r.components)
      for (const key of Object.keys(c.inputs)) expect(key).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
  });

  it("scores a missing component at 0 without renormalising, and lists it", () => {
    const r = riskScore({ ...full, liquidity: null });
    expect(r.missing).toEqual(["liquidity"]);
    expect(r.coverage).toBe(0.7);
    const [t, l, p] = r.components;
    expect(l).toMatchObject({ value: null, scoredValue: 0, weight: 0.3, effectiveWeight: 0.3 });
    expect(t).toMatchObject({ value: 66, scoredValue: 66, effectiveWeight: 0.3 });
    expect(p?.effectiveWeight).toBe(0.4);
    // 0.3 × 66 + 0.3 × 0 + 0.4 × 100 = 59.8 (renormalised it would have been 85.4).
    expect(r.score).toBe(59.8);

    const zeroMcap = riskScore({ ...full, liquidity: { depth2pctUsd: 1, marketCapUsd: 0 } });
    expect(zeroMcap.missing).toEqual(["liquidity"]);
    const onlyPeg = riskScore({ transparency: null, liquidity: null, pegStability: CALM });
    expect(onlyPeg.score).toBe(40);
    expect(onlyPeg.coverage).toBe(0.4);
    expect(onlyPeg.components[2]?.effectiveWeight).toBe(0.4);
  });

  it("scores unmeasured depth like zero liquidity, never above it", () => {
    const unknown = riskScore({ ...full, liquidity: { depth2pctUsd: null, marketCapUsd: 1e9 } });
    const illiquid = riskScore({ ...full, liquidity: { depth2pctUsd: 0, marketCapUsd: 1e9 } });
    expect(unknown.missing).toEqual(["liquidity"]);
    expect(unknown.components[1]).toMatchObject({ value: null, scoredValue: 0 });
    expect(illiquid.missing).toEqual([]);
    expect(illiquid.components[1]?.value).toBe(0);
    expect(unknown.score).toBe(59.8);
    expect(illiquid.score).toBe(59.8);
    expect([unknown.coverage, illiquid.coverage]).toEqual([0.7, 1]);
  });

  it("never ranks a coin with unknown transparency above an otherwise identical one with a weak known value", () => {
    const unknown = riskScore({ ...full, transparency: null });
    const none = riskScore({
      ...full,
      transparency: { reserveReporting: "none", attestationCadence: "none" },
    });
    const audit = riskScore({
      ...full,
      transparency: { reserveReporting: "audit", attestationCadence: "quarterly" },
    });
    // 0.3 × 0 + 0.3 × 50 + 0.4 × 100 = 55; audit/quarterly: + 0.3 × (0.6 × 50 + 0.4 × 40) = 68.8.
    expect(unknown.score).toBe(55);
    expect(none.score).toBe(55);
    expect(audit.score).toBe(68.8);
    expect(unknown.missing).toEqual(["transparency"]);
    expect(none.missing).toEqual([]);
    expect([unknown.coverage, none.coverage]).toEqual([0.7, 1]);
    // The measured: a $21M coin with thin depth but a calm peg no longer beats a fully known one.
    const thinButCalm = riskScore({
      transparency: null,
      liquidity: { depth2pctUsd: 5e5, marketCapUsd: 2.1e7 },
      pegStability: CALM,
    });
    const usdcLike = riskScore({
      transparency: { reserveReporting: "attestation", attestationCadence: "monthly" },
      liquidity: { depth2pctUsd: 1.9e9, marketCapUsd: 7.8e10 },
      pegStability: CALM,
    });
    expect(thinButCalm.score).toBe(65.3);
    expect(usdcLike.score).toBe(85.2);
  });

  it("is null when every component is missing", () => {
    const r = riskScore({ transparency: null, liquidity: null, pegStability: null });
    expect(r.score).toBeNull();
    expect(r.coverage).toBe(0);
    expect(r.missing).toEqual(["transparency", "liquidity", "pegStability"]);
    expect(r.components.every((c) => c.scoredValue === 0)).toBe(true);
  });
});

const share = fc.double({ min: 0, max: 1, noNaN: true });
const pegStats: fc.Arbitrary<PegStabilityInput> = fc
  .record({
    shares: fc.tuple(share, share, share),
    worstDeviationBps: fc.double({ min: -5_000, max: 5_000, noNaN: true }),
    excursionsBeyond100Bps: fc.nat({ max: 20 }),
  })
  .map(({ shares, worstDeviationBps, excursionsBeyond100Bps }) => {
    const [a, b, c] = [...shares].sort((x, y) => y - x);
    return {
      points: 100,
      shareOutside10Bps: a ?? 0,
      shareOutside50Bps: b ?? 0,
      shareOutside100Bps: c ?? 0,
      worstDeviationBps,
      excursionsBeyond100Bps,
    };
  });

/** Component-wise at least as bad as both inputs. */
function worse(x: PegStabilityInput, y: PegStabilityInput): PegStabilityInput {
  const max = (a: number | null, b: number | null): number => Math.max(a ?? 0, b ?? 0);
  const absWorst = Math.max(Math.abs(x.worstDeviationBps ?? 0), Math.abs(y.worstDeviationBps ?? 0));
  return {
    points: x.points,
    shareOutside10Bps: max(x.shareOutside10Bps, y.shareOutside10Bps),
    shareOutside50Bps: max(x.shareOutside50Bps, y.shareOutside50Bps),
    shareOutside100Bps: max(x.shareOutside100Bps, y.shareOutside100Bps),
    worstDeviationBps: (y.worstDeviationBps ?? 0) < 0 ? -absWorst : absWorst,
    excursionsBeyond100Bps: Math.max(x.excursionsBeyond100Bps, y.excursionsBeyond100Bps),
  };
}

describe("risk score monotonicity", () => {
  it("worse peg statistics never raise the peg-stability component or the score", () => {
    fc.assert(
      fc.property(pegStats, pegStats, (base, other) => {
        const bad = worse(base, other);
        const a = pegStabilityScore(base) ?? NaN;
        const b = pegStabilityScore(bad) ?? NaN;
        const sa = riskScore({ ...full, pegStability: base }).score ?? NaN;
        const sb = riskScore({ ...full, pegStability: bad }).score ?? NaN;
        return b <= a && sb <= sa && a >= 0 && a <= 100 && b >= 0;
      }),
    );
  });

  it("smaller depth never raises the score", () => {
    const depth = fc.double({ min: 0, max: 1e10, noNaN: true });
    fc.assert(
      fc.property(depth, depth, fc.double({ min: 1, max: 1e11, noNaN: true }), (d1, d2, mcap) => {
        const [small, large] = d1 <= d2 ? [d1, d2] : [d2, d1];
        const s = (d: number): number =>
          riskScore({ ...full, liquidity: { depth2pctUsd: d, marketCapUsd: mcap } }).score ?? NaN;
        return s(small) <= s(large) && s(small) >= 0 && s(large) <= 100;
      }),
    );
  });

  it("forgetting any known input never raises the score", () => {
    const reporting = fc.constantFrom("on-chain", "attestation", "audit", "none" as const);
    const cadence = fc.constantFrom(
      "real-time",
      "daily",
      "weekly",
      "monthly",
      "quarterly",
      "none" as const,
    );
    fc.assert(
      fc.property(
        reporting,
        cadence,
        fc.double({ min: 0, max: 1e10, noNaN: true }),
        pegStats,
        fc.constantFrom("transparency", "liquidity", "pegStability" as const),
        (r, c, depth, peg, forget) => {
          const known = {
            transparency: { reserveReporting: r, attestationCadence: c },
            liquidity: { depth2pctUsd: depth, marketCapUsd: 1e9 },
            pegStability: peg,
          } as const;
          const all = riskScore(known);
          const less = riskScore({ ...known, [forget]: null });
          return (less.score ?? -1) <= (all.score ?? NaN) && less.coverage < all.coverage;
        },
      ),
    );
  });
});
