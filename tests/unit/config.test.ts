import { ConfigError, parseConfig, SPEC_TTL_SECONDS } from "@/lib/config";

describe("config", () => {
  it("applies the documented defaults with an empty environment", () => {
    const c = parseConfig({});
    expect(c.providers.stablecoins.baseUrl).toBe("https://stablecoins.llama.fi");
    expect(c.providers.coingecko.baseUrl).toBe("https://api.coingecko.com/api/v3");
    expect(c.providers.dexscreener.baseUrl).toBe("https://api.dexscreener.com");
    expect(c.providers.dune.baseUrl).toBe("https://api.dune.com/api/v1");
    expect(c.providers.timeoutMs).toBe(2500);
    expect(c.kv).toEqual({ driver: "file", dir: ".data/kv" });
    expect(c.port).toBe(3000);
    expect(c.duneQueries.supplyByChain).toBeUndefined();
    expect(c.ttlSeconds).toEqual(SPEC_TTL_SECONDS);
    expect(c.providers.callsPerMinute).toEqual({
      coingecko: 30,
      dexscreener: 300,
      binance: 120,
      kraken: 45,
      coinbase: 300,
      kyberswap: 120,
    });
  });

  it("reads the provider call budgets", () => {
    const c = parseConfig({
      COINGECKO_CALLS_PER_MINUTE: "500",
      DEXSCREENER_CALLS_PER_MINUTE: "60",
      BINANCE_CALLS_PER_MINUTE: "200",
      KRAKEN_CALLS_PER_MINUTE: "30",
      COINBASE_CALLS_PER_MINUTE: "100",
      DEX_QUOTES_CALLS_PER_MINUTE: "90",
    });
    expect(c.providers.callsPerMinute).toEqual({
      coingecko: 500,
      dexscreener: 60,
      binance: 200,
      kraken: 30,
      coinbase: 100,
      kyberswap: 90,
    });
    expect(() => parseConfig({ DEX_QUOTES_CALLS_PER_MINUTE: "0" })).toThrow(
      /DEX_QUOTES_CALLS_PER_MINUTE/,
    );
  });

  it("KyberSwap quotes also keep to a per-second budget: 3 by default, at least 1", () => {
    expect(parseConfig({}).providers.callsPerSecond).toEqual({ kyberswap: 3 });
    expect(
      parseConfig({ DEX_QUOTES_CALLS_PER_SECOND: "10" }).providers.callsPerSecond.kyberswap,
    ).toBe(10);
    expect(() => parseConfig({ DEX_QUOTES_CALLS_PER_SECOND: "0" })).toThrow(
      /DEX_QUOTES_CALLS_PER_SECOND/,
    );
  });

  it("reads the exit-cost source URLs (CEX books, DEX quotes) with their defaults", () => {
    const d = parseConfig({}).providers;
    expect(d.binance.baseUrl).toBe("https://api.binance.com");
    expect(d.kraken.baseUrl).toBe("https://api.kraken.com");
    expect(d.coinbase.baseUrl).toBe("https://api.exchange.coinbase.com");
    expect(d.kyberswap.baseUrl).toBe("https://aggregator-api.kyberswap.com");
    const c = parseConfig({ DEX_QUOTES_API_URL: "http://127.0.0.1:9/kyberswap/" }).providers;
    expect(c.kyberswap.baseUrl).toBe("http://127.0.0.1:9/kyberswap");
  });

  it("treats empty strings as unset", () => {
    const c = parseConfig({ DUNE_API_KEY: "", DUNE_QUERY_CEX_FLOWS: " ", PORT: "" });
    expect(c.providers.dune.apiKey).toBeUndefined();
    expect(c.duneQueries.cexFlows).toBeUndefined();
    expect(c.port).toBe(3000);
  });

  it.each([
    ["DUNE_QUERY_SUPPLY_BY_CHAIN", "12ab"],
    ["DUNE_QUERY_ISSUER_EXPOSURE", "-5"],
    ["COINGECKO_API_URL", "not a url"],
    ["DUNE_API_URL", "ftp://example.com"],
    ["STABLECOINS_API_URL", "https://x.test/?k=v"],
    ["REDIS_URL", "localhost:6379"],
    ["PORT", "70000"],
    ["CACHE_TTL_EXPOSURE_FACTS_SECONDS", String(SPEC_TTL_SECONDS.exposureFacts - 1)],
    ["CACHE_TTL_SUPPLY_PANEL_SECONDS", "60"],
    ["CACHE_TTL_MIGRATION_SECONDS", "3600"],
    ["COINGECKO_API_PLAN", "enterprise"],
    ["COINGECKO_CALLS_PER_MINUTE", "0"],
    ["DEXSCREENER_CALLS_PER_MINUTE", "1.5"],
  ])("rejects %s=%s with an error naming the variable", (variable, value) => {
    expect(() => parseConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [variable]: value })).toThrow(variable);
  });

  it("never prints a secret value in its error", () => {
    const secret = "short";
    try {
      parseConfig({ DUNE_API_KEY: secret });
      throw new Error("expected a ConfigError");
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect(String((e as Error).message)).toContain("DUNE_API_KEY");
      expect(String((e as Error).message)).not.toContain(secret);
    }
  });

  it("selects Vercel KV over Redis over the file store", () => {
    expect(
      parseConfig({
        KV_REST_API_URL: "http://127.0.0.1:1",
        KV_REST_API_TOKEN: "t",
        REDIS_URL: "redis://127.0.0.1:6379",
      }).kv.driver,
    ).toBe("vercel-kv");
    expect(parseConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).kv.driver).toBe("redis");
    expect(() => parseConfig({ KV_REST_API_URL: "http://127.0.0.1:1" })).toThrow(
      "KV_REST_API_TOKEN",
    );
  });

  it("accepts TTLs raised above the spec and digit query ids", () => {
    const c = parseConfig({
      CACHE_TTL_EXPOSURE_FACTS_SECONDS: "43200",
      DUNE_QUERY_CEX_FLOWS: "4242",
    });
    expect(c.ttlSeconds.exposureFacts).toBe(43200);
    expect(c.duneQueries.cexFlows).toBe("4242");
  });

  describe("PUBLIC_BASE_URL", () => {
    it("is unset by default and kept as a normalised origin", () => {
      expect(parseConfig({}).publicBaseUrl).toBeUndefined();
      expect(parseConfig({ PUBLIC_BASE_URL: "HTTPS://Intel.Example.com/" }).publicBaseUrl).toBe(
        "https://intel.example.com",
      );
      expect(
        parseConfig({ PUBLIC_BASE_URL: "https://intel.example.com:8443", NODE_ENV: "production" })
          .publicBaseUrl,
      ).toBe("https://intel.example.com:8443");
    });

    it.each([
      "intel.example.com",
      "ftp://intel.example.com",
      "https://intel.example.com/api",
      "https://intel.example.com/?x=1",
      "https://user:pw@intel.example.com",
    ])("rejects %s", (value) => {
      expect(() => parseConfig({ PUBLIC_BASE_URL: value })).toThrow("PUBLIC_BASE_URL");
    });

    it("requires https in production, except for a loopback host", () => {
      const http = { PUBLIC_BASE_URL: "http://intel.example.com" };
      expect(parseConfig(http).publicBaseUrl).toBe("http://intel.example.com");
      expect(() => parseConfig({ ...http, NODE_ENV: "production" })).toThrow(
        /PUBLIC_BASE_URL: must use https/,
      );
      for (const local of ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"])
        expect(parseConfig({ PUBLIC_BASE_URL: local, NODE_ENV: "production" }).publicBaseUrl).toBe(
          local,
        );
    });
  });
});
