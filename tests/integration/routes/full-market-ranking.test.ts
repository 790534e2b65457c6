/**
 * The measured ordering fault of issue 26 on the whole recorded market: UTY (~21 M USD, thin
 * depth) scored 93 and AUSD 92 against USDC's 79.2 because their unknown transparency was dropped
 * and the remaining weights renormalised. Unknown components are now scored at their floor, so
 * a coin cannot outrank USDC through facts nobody measured.
 */
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import { call, json, startHarness, type Harness } from "../helpers/harness";

interface RiskBody {
  asset: string;
  issuer: string | null;
  risk_score: {
    score: number | null;
    coverage: number;
    missing: string[];
    components: Array<{ name: string; value: number | null; scored_value: number }>;
  };
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file", {}, { market: "full" });
});
afterAll(async () => {
  await h?.close();
});

const risk = async (q: string) => {
  const res = await call(riskRoute.GET, `/api/stablecoin-risk?q=${encodeURIComponent(q)}`);
  expect([q, res.status]).toEqual([q, 200]);
  return json<RiskBody>(res);
};

describe("full market: risk-score order", () => {
  it("never ranks UTY or AUSD above USDC through an unknown transparency fact", async () => {
    const usdc = await risk("usdc");
    expect(usdc.issuer).toBe("Circle");
    expect(usdc.risk_score.missing).not.toContain("transparency");
    for (const q of ["uty", "ausd"]) {
      const other = await risk(q);
      const s = other.risk_score;
      expect([q, s.missing.includes("transparency")]).toEqual([q, true]);
      expect([q, s.coverage]).toEqual([q, expect.any(Number)]);
      expect(s.coverage).toBeLessThanOrEqual(0.7);
      const t = s.components.find((c) => c.name === "transparency")!;
      expect([t.value, t.scored_value]).toEqual([null, 0]);
      expect([q, (s.score ?? 0) < (usdc.risk_score.score ?? 0)]).toEqual([q, true]);
    }
  });
});
