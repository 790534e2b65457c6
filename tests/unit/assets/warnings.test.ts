/** Warning codes a spent call budget leaves (lib/assets/warnings.ts). */
import { staleWarning, W } from "@/lib/assets/warnings";

const AS_OF = Date.UTC(2026, 0, 1, 14, 5);

describe("call-budget warnings", () => {
  it("a stale copy served because the budget is spent carries the provider's budget code", () => {
    for (const subject of ["market", "tickers", "history"] as const)
      expect(staleWarning(subject, "budget", AS_OF).code).toBe("market_rate_budget");
    expect(staleWarning("dex", "budget", AS_OF)).toEqual({
      source: "DexScreener",
      type: "liquidity",
      code: "dex_rate_budget",
      message: "DexScreener (liquidity): rate budget reached; showing data from 14:05 UTC.",
    });
  });

  it("other stale reasons keep their subject's code", () => {
    expect(staleWarning("market", "failed", AS_OF).code).toBe("market_stale_failed");
    expect(staleWarning("dex", "refreshing", AS_OF).code).toBe("dex_stale_refreshing");
  });

  it("every missing part the budget left out has the budget code", () => {
    for (const w of [W.marketBudget, W.tickersBudget, W.contractsBudget, W.historyBudget])
      expect(w).toMatchObject({ source: "CoinGecko", code: "market_rate_budget" });
    for (const w of [W.dexBudget, W.dexBudgetPartial])
      expect(w).toMatchObject({ source: "DexScreener", code: "dex_rate_budget" });
  });
});
