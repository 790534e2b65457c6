/**
 * The aggregate's per-coin `address` (`/stablecoin/{id}`) → a DefiLlama coins key (issue 26 §2:
 * coins without a CoinGecko id are priced by `<chain>:<address>`).
 */
import { coinKeyFor, isCoinKey, llamaAddressCoinKey } from "@/lib/domain/coin-keys";

describe("llamaAddressCoinKey", () => {
  it("a bare EVM address is Ethereum's, kept as written", () => {
    expect(llamaAddressCoinKey("0xdac17f958d2ee523a2206206994597c13d831ec7")).toBe(
      "ethereum:0xdac17f958d2ee523a2206206994597c13d831ec7",
    );
    expect(llamaAddressCoinKey(" 0xA774FFB4AF6B0A91331C084E1AEBAE6AD535E6F3 ")).toBe(
      "ethereum:0xA774FFB4AF6B0A91331C084E1AEBAE6AD535E6F3",
    );
  });

  it("a chain prefix is the coins API's slug, taken as is (lowercased)", () => {
    expect(llamaAddressCoinKey("avax:0x111111111111ed1d73f860f57b2798b683f2d325")).toBe(
      "avax:0x111111111111ed1d73f860f57b2798b683f2d325",
    );
    expect(llamaAddressCoinKey("BSC:0x111111111111ed1d73f860f57b2798b683f2d325")).toBe(
      "bsc:0x111111111111ed1d73f860f57b2798b683f2d325",
    );
    expect(llamaAddressCoinKey("tron:TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz")).toBe(
      "tron:TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz",
    );
    expect(llamaAddressCoinKey("solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(
      "solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    );
    expect(llamaAddressCoinKey("coingecko:flex-usd")).toBe("coingecko:flex-usd");
  });

  it("formats it cannot map give no key (never sent)", () => {
    for (const raw of [
      null,
      undefined,
      "",
      "   ",
      // A bare non-EVM address names no chain.
      "TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz",
      // Cardano policy id (56 hex), Stellar CODE-ISSUER, a Move type path.
      "cardano:1e76aaec4869308ef5b61e81ebf229f2e70f75a50223defa087f807b",
      "stellar:USDC-GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN",
      "sui:0x2::coin::COIN",
      // Path and list characters.
      "ethereum:0x12",
      "../x:0x111111111111ed1d73f860f57b2798b683f2d325",
      "avax:0x111111111111ed1d73f860f57b2798b683f2d325,coingecko:tether",
      "coingecko:a/b",
      ":0x111111111111ed1d73f860f57b2798b683f2d325",
    ])
      expect([raw, llamaAddressCoinKey(raw)]).toEqual([raw, null]);
  });

  it("every key it builds is one the service may send", () => {
    for (const raw of [
      "0xdac17f958d2ee523a2206206994597c13d831ec7",
      "avax:0x111111111111ed1d73f860f57b2798b683f2d325",
      "tron:TXDk8mbtRbXeYuMNS83CfKPaYYT8XWv9Hz",
    ])
      expect(isCoinKey(llamaAddressCoinKey(raw)!)).toBe(true);
  });

  it("the CoinGecko id still wins over the address's key", () => {
    const contracts = [
      { chain: "ethereum", address: "0xdac17f958d2ee523a2206206994597c13d831ec7" },
    ];
    expect(coinKeyFor({ coingeckoId: "tether", contracts })).toBe("coingecko:tether");
    expect(coinKeyFor({ coingeckoId: null, contracts })).toBe(
      "ethereum:0xdac17f958d2ee523a2206206994597c13d831ec7",
    );
  });
});
