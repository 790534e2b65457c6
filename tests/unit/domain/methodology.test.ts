import { PEG_BADGE_MAX_USD, PEG_BADGE_MIN_USD } from "@/lib/domain/badge";
import { CONFIDENCE_WEIGHTS } from "@/lib/domain/confidence";
import { GAP_FACTOR, WINDOW_MS } from "@/lib/domain/depeg";
import { DEPTH_BAND } from "@/lib/domain/depth";
import { DRAIN_ENTER_RATIO } from "@/lib/domain/liquidity-drain";
import { METHODOLOGY_CONSTANTS } from "@/lib/domain/methodology";
import { DEPEG_AT_SIZE_ENTER_BPS } from "@/lib/domain/peg-at-size-events";
import { RISK_CHANGE_MIN_POINTS } from "@/lib/domain/risk-score-change";
import { RISK_WEIGHTS } from "@/lib/domain/risk-score";
import { SHARE_SUM_TOLERANCE } from "@/lib/domain/supply";

describe("methodology constants", () => {
  it("gathers the constants by reference from their modules", () => {
    expect(METHODOLOGY_CONSTANTS.PEG_BADGE_MIN_USD.value).toBe(PEG_BADGE_MIN_USD);
    expect(METHODOLOGY_CONSTANTS.PEG_BADGE_MAX_USD.value).toBe(PEG_BADGE_MAX_USD);
    expect(METHODOLOGY_CONSTANTS.WINDOW_MS.value).toBe(WINDOW_MS);
    expect(METHODOLOGY_CONSTANTS.GAP_FACTOR.value).toBe(GAP_FACTOR);
    expect(METHODOLOGY_CONSTANTS.DEPTH_BAND.value).toBe(DEPTH_BAND);
    expect(METHODOLOGY_CONSTANTS.CONFIDENCE_WEIGHTS.value).toBe(CONFIDENCE_WEIGHTS);
    expect(METHODOLOGY_CONSTANTS.SHARE_SUM_TOLERANCE.value).toBe(SHARE_SUM_TOLERANCE);
    expect(METHODOLOGY_CONSTANTS.RISK_WEIGHTS.value).toBe(RISK_WEIGHTS);
  });

  it("describes every constant in one line with a unit and a module", () => {
    for (const [name, c] of Object.entries(METHODOLOGY_CONSTANTS)) {
      expect([name, c.description.length > 0 && !c.description.includes("\n")]).toEqual([
        name,
        true,
      ]);
      expect(c.unit.length).toBeGreaterThan(0);
      expect(c.module.length).toBeGreaterThan(0);
    }
  });

  it("has risk weights summing to 1", () => {
    const sum = Object.values(RISK_WEIGHTS).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 12);
  });
});

it("lists the history event rules' constants, by reference", () => {
  expect(METHODOLOGY_CONSTANTS.DRAIN_ENTER_RATIO.value).toBe(DRAIN_ENTER_RATIO);
  expect(METHODOLOGY_CONSTANTS.DEPEG_AT_SIZE_ENTER_BPS.value).toBe(DEPEG_AT_SIZE_ENTER_BPS);
  expect(METHODOLOGY_CONSTANTS.RISK_CHANGE_MIN_POINTS.value).toBe(RISK_CHANGE_MIN_POINTS);
});
