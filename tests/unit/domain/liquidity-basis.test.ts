/** The risk score's liquidity component: measured exit cost at $1M where measured, else the model. */
import { exitCostLiquidityScore } from "@/lib/domain/liquidity-basis";
import { riskScore } from "@/lib/domain/risk-score";

const liquidity = (exitCostAt1m?: { costBps: number | null } | null) =>
  riskScore({
    transparency: null,
    pegStability: null,
    liquidity: { depth2pctUsd: 1e6, marketCapUsd: 1e9, exitCostAt1m },
  }).components.find((c) => c.name === "liquidity");

describe("liquidity basis", () => {
  it("scores a measured cost: 100 at ≤ 5 bps, 0 at ≥ 200 bps, linear between", () => {
    expect(exitCostLiquidityScore({ costBps: 2 })).toBe(100);
    expect(exitCostLiquidityScore({ costBps: 102.5 })).toBeCloseTo(50, 9);
    expect(exitCostLiquidityScore({ costBps: 250 })).toBe(0);
    expect(exitCostLiquidityScore({ costBps: null })).toBe(0);
  });

  it("uses the measured exit cost at $1M and says so", () => {
    const c = liquidity({ costBps: 24.5 });
    expect(c?.value).toBe(90);
    expect(c?.inputs).toMatchObject({
      liquidity_basis: "measured_exit_cost",
      exit_cost_1m_bps: 24.5,
      depth_to_market_cap: 1e-3,
    });
    expect(c?.method).toMatch(/exit cost/i);
  });

  it("a measured size no venue could fill scores 0 (not null)", () => {
    expect(liquidity({ costBps: null })).toMatchObject({
      value: 0,
      inputs: { liquidity_basis: "measured_exit_cost", exit_cost_1m_bps: null },
    });
  });

  it("falls back on the depth model when not measured", () => {
    const c = liquidity(null);
    // 1e-3 of market cap: 100 × (log10(1e-3) − log10(1e-5)) / 4 = 50.
    expect(c?.value).toBe(50);
    expect(c?.inputs).toMatchObject({ liquidity_basis: "model", depth_to_market_cap: 1e-3 });
    expect(liquidity(undefined)?.inputs.liquidity_basis).toBe("model");
  });
});
