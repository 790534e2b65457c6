import tokenAddresses from "@/lib/assets/data/token-addresses.json";
import { OVERLAY, OVERLAY_COINS, overlayFor } from "@/lib/assets/overlay";
import { isSelector, preferredSelector, resolveAsset } from "@/lib/assets/resolve";
import { largestSupplyFirst } from "@/lib/domain/supply";
import { aggregateRefs } from "./market-refs";

const aggregate = aggregateRefs("fixture");
const fullMarket = aggregateRefs("full");

describe("data overlay", () => {
  it("holds facts for the twelve coins it names, keyed by DefiLlama id", () => {
    const symbols = OVERLAY_COINS.map((a) => a.symbol).sort();
    expect(symbols).toEqual(
      [
        "DAI",
        "FDUSD",
        "FRAX",
        "GHO",
        "LUSD",
        "PYUSD",
        "USD1",
        "USDC",
        "USDS",
        "USDT",
        "USDe",
        "crvUSD",
      ].sort(),
    );
    expect(OVERLAY.get("209")).toMatchObject({
      symbol: "USDS",
      coingeckoId: "usds",
      name: "Sky Dollar",
    });
    for (const a of OVERLAY_COINS) {
      expect(a.issuer).not.toBe("");
      expect(a.transparency?.sourceUrl).toMatch(/^https:\/\//);
    }
    expect(overlayFor("2")?.addresses.base.length).toBe(2);
    // USD1 has no contract overrides: the market provider's contracts are used instead.
    expect(Object.values(overlayFor("262")!.addresses).flat()).toEqual([]);
    expect(overlayFor("237")).toBeNull();
    expect(overlayFor(null)).toBeNull();
  });

  it("names the same CoinGecko id for a coin as the contract file does", () => {
    for (const t of Object.values(tokenAddresses.tokens))
      expect([t.defillama_id, overlayFor(t.defillama_id)?.coingeckoId]).toEqual([
        t.defillama_id,
        t.coingecko_id,
      ]);
  });
});

describe("resolveAsset", () => {
  it.each(["usdc", "USDC", "UsDc", "usd-coin", "2"])("resolves %s to USDC", (q) => {
    const r = resolveAsset(q, aggregate);
    expect(r.ok && r.asset.symbol).toBe("USDC");
    expect(r.ok && r.asset.coingeckoId).toBe("usd-coin");
    // The aggregate's identity, the overlay's facts on top.
    expect(r.ok && r.asset.issuer).toBe("Circle");
    expect(r.ok && r.asset.overlay?.transparency?.attestationCadence).toBe("monthly");
  });

  it("resolves the shared USDS symbol to the largest (Sky Dollar) and reports the other four", () => {
    const r = resolveAsset("usds", aggregate);
    if (!r.ok) throw new Error("expected a match");
    expect(r.asset.defillamaId).toBe("209");
    expect(r.alternatives.map((a) => a.defillamaId).sort()).toEqual(["149", "233", "31", "32"]);
    expect(r.alternatives[0]?.circulatingUsd).toBeGreaterThanOrEqual(
      r.alternatives[1]?.circulatingUsd ?? 0,
    );
  });

  it("resolves a less-known USDS by its DefiLlama or CoinGecko id", () => {
    const a = resolveAsset("32", aggregate);
    expect(a.ok && a.asset.name).toBe("Sperax USD");
    const b = resolveAsset("sperax-usd", aggregate);
    expect(b.ok && b.asset.defillamaId).toBe("32");
  });

  it("resolves a coin the overlay does not name by the same path, its facts unknown", () => {
    const r = resolveAsset("usyc", aggregate);
    if (!r.ok) throw new Error("expected a match");
    expect(r.asset).toMatchObject({
      defillamaId: "237",
      coingeckoId: "hashnote-usyc",
      issuer: null,
      overlay: null,
    });
  });

  it("prefers the aggregate's identity and uses the overlay's only while the list is unavailable", () => {
    const r = resolveAsset("gho", []);
    expect(r.ok && r.asset.defillamaId).toBe("118");
    expect(r.ok && r.asset.name).toBe("GHO");
    for (const q of ["usd-coin", "2", "USDC"]) {
      const offline = resolveAsset(q, []);
      expect(offline.ok && offline.asset.overlay?.defillamaId).toBe("2");
    }
    // A coin the overlay does not name needs the aggregate list.
    expect(resolveAsset("usyc", []).ok).toBe(false);
    const frax = aggregate.find((a) => a.id === "6")!;
    const renamed = resolveAsset("6", [{ ...frax, name: "Frax (aggregate)", backing: null }]);
    expect(renamed.ok && renamed.asset.name).toBe("Frax (aggregate)");
    // A label the aggregate lacks comes from the overlay.
    expect(renamed.ok && renamed.asset.backing).toBe("algorithmic");
  });

  it("answers unknown selectors with at most three suggestions", () => {
    const r = resolveAsset("usdx", aggregate);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.suggestions.length).toBeGreaterThan(0);
    expect(r.suggestions.length).toBeLessThanOrEqual(3);
    const none = resolveAsset("zzzzzzzzzzzz", aggregate);
    expect(none).toEqual({ ok: false, suggestions: [] });
  });
});

describe("selectors over the whole market", () => {
  it("accepts the characters real symbols use and nothing else", () => {
    for (const q of ["USD+", "eUSD(v2)", "usd.ai", "m-2-wrong", "DAI+", "209"])
      expect(isSelector(q)).toBe(true);
    for (const q of ["usd c", "<script>", "a".repeat(65), "USD₮0", "a/b", "a%2Fb"])
      expect(isSelector(q)).toBe(false);
  });

  it("resolves every asset of the full aggregate by its preferred selector and by its DefiLlama id", () => {
    for (const a of fullMarket) {
      const selector = preferredSelector(a, fullMarket);
      expect(isSelector(selector)).toBe(true);
      for (const q of [selector, a.id]) {
        const r = resolveAsset(q, fullMarket);
        expect(r.ok && r.asset.defillamaId).toBe(a.id);
      }
    }
  });

  it("gives odd symbols readable selectors and shared ones their largest holder", () => {
    const bySymbol = (s: string) => fullMarket.filter((a) => a.symbol === s);
    expect(preferredSelector(bySymbol("USD+")[0]!, fullMarket)).toBe("usd+");
    expect(preferredSelector(bySymbol("eUSD(v2)")[0]!, fullMarket)).toBe("eusd(v2)");
    const usds = bySymbol("USDS").sort(largestSupplyFirst);
    expect(preferredSelector(usds[0]!, fullMarket)).toBe("usds");
    const sperax = usds.find((a) => a.geckoId === "sperax-usd")!;
    expect(preferredSelector(sperax, fullMarket)).toBe("sperax-usd");
    const spice = usds.find((a) => a.id === "31")!;
    expect(preferredSelector(spice, fullMarket)).toBe("31");
    const r = resolveAsset("usds", fullMarket);
    expect(r.ok && r.alternatives.map((x) => x.defillamaId).sort()).toEqual(
      usds
        .slice(1)
        .map((a) => a.id)
        .sort(),
    );
  });
});
