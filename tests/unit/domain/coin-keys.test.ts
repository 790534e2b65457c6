import {
  chunkCoinKeys,
  coinKeyFor,
  COINS_PATH_MAX_CHARS,
  isCoinKey,
  tokenCoinKey,
} from "@/lib/domain/coin-keys";

describe("coin keys", () => {
  it("prefers the CoinGecko id, else a valid contract, else none", () => {
    expect(coinKeyFor({ coingeckoId: "usd-coin" })).toBe("coingecko:usd-coin");
    expect(
      coinKeyFor({
        coingeckoId: null,
        contracts: [
          { chain: "Ethereum", address: "not-an-address" },
          { chain: "Base", address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" },
        ],
      }),
    ).toBe("base:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    expect(coinKeyFor({ coingeckoId: null })).toBeNull();
    expect(coinKeyFor({ coingeckoId: "../x" })).toBeNull();
  });

  it("accepts only keys it could have built", () => {
    expect(isCoinKey("coingecko:usd-coin")).toBe(true);
    expect(isCoinKey("ethereum:0x6b175474e89094c44da98b954eedeac495271d0f")).toBe(true);
    expect(isCoinKey("solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(true);
    for (const bad of ["usd-coin", "coingecko:", "coingecko:a/b", "eth:0x12", "x:0x6b,y", ""])
      expect(isCoinKey(bad)).toBe(false);
    expect(tokenCoinKey("ethereum", "0x6b17")).toBeNull();
  });
});

describe("chunkCoinKeys", () => {
  it("keeps each call's joined keys within the character budget and the coin cap", () => {
    const keys = Array.from({ length: 240 }, (_, i) => `coingecko:some-stablecoin-${i}`);
    const chunks = chunkCoinKeys(keys);
    expect(chunks.flat()).toEqual(keys);
    for (const c of chunks) {
      expect(c.join(",").length).toBeLessThanOrEqual(COINS_PATH_MAX_CHARS);
      expect(c.length).toBeLessThanOrEqual(100);
    }
    expect(chunks.length).toBe(Math.ceil(keys.join(",").length / COINS_PATH_MAX_CHARS));
    expect(chunkCoinKeys(["a:1", "b:2", "c:3", "a:1"], 7)).toEqual([["a:1", "b:2"], ["c:3"]]);
    expect(chunkCoinKeys(["a:1", "b:2", "c:3"], 100, 2)).toEqual([["a:1", "b:2"], ["c:3"]]);
    expect(chunkCoinKeys([])).toEqual([]);
  });
});
