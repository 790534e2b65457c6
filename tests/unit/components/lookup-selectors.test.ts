/**
 * Every selector the API accepts, the lookup box accepts: each coin of the recorded full market,
 * by the selector its supply row carries and by its symbol, passes the lookup's validation and
 * leads to that coin's page (not the shared 404).
 */
import { canonicalSelectors, decideAssetPath } from "@/lib/assets/canonical";
import { preferredSelector } from "@/lib/assets/resolve";
import { isSelector } from "@/lib/assets/selector-syntax";
import { selectorSchema } from "@/lib/api/params";
import { lookupPath, validateAssetQuery } from "@/components/search/AssetSearch";
import { aggregateRefs } from "../assets/market-refs";

const fullMarket = aggregateRefs("full");
const table = canonicalSelectors(fullMarket);
const segmentOf = (path: string) => path.slice("/stablecoins/".length);

describe("the lookup accepts every selector of the full market's supply list", () => {
  it("every supply row's selector passes and leads to its coin's page", () => {
    const refused: string[] = [];
    const lost: string[] = [];
    for (const asset of fullMarket) {
      const selector = preferredSelector(asset, fullMarket);
      const typed = validateAssetQuery(selector);
      if (!typed.ok) refused.push(selector);
      else if (decideAssetPath(segmentOf(lookupPath(typed.value)), table).kind === "unknown")
        lost.push(selector);
    }
    expect({ refused, lost }).toEqual({ refused: [], lost: [] });
    expect(fullMarket.length).toBeGreaterThan(300);
  });

  it("takes the symbols with + and parentheses (USD+, eUSD(v2)) the API takes", () => {
    for (const symbol of ["USD+", "eUSD(v2)", "USDT+", "DAI+"]) {
      expect(fullMarket.some((a) => a.symbol === symbol)).toBe(true);
      expect([symbol, validateAssetQuery(symbol).ok]).toEqual([symbol, true]);
      expect(selectorSchema.safeParse(symbol).success).toBe(true);
    }
  });

  it("accepts exactly what the API's selector accepts", () => {
    const probes = ["usdc", "USD+", "eUSD(v2)", "usd.ai", "a".repeat(64), "a".repeat(65)];
    for (const s of [...probes, "usd coin", "usdc/..", "<x>", "ＵＳＤＣ", "usd%2B", "usd,c"])
      expect([s, validateAssetQuery(s).ok]).toEqual([s, selectorSchema.safeParse(s).success]);
    for (const s of probes) expect(isSelector(s)).toBe(selectorSchema.safeParse(s).success);
  });
});
