import { DEXSCREENER_HOST, safePoolUrl, toDexPool } from "@/lib/providers/dexscreener/map";
import type { RawPair } from "@/lib/providers/dexscreener/schemas";

const TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

function pair(url: string | null): RawPair {
  return {
    chainId: "base",
    dexId: "uniswap",
    url,
    pairAddress: "0xpair",
    labels: [],
    baseToken: { address: TOKEN, symbol: "USDC", name: "USD Coin" },
    quoteToken: { address: "0xweth", symbol: "WETH", name: "Wrapped Ether" },
    priceNative: 0.0003,
    priceUsd: 1,
    liquidity: { usd: 1_000_000, base: 500_000, quote: 150 },
    volume: { h24: 10_000 },
    pairCreatedAt: 1_700_000_000_000,
  } as unknown as RawPair;
}

describe("safePoolUrl: DexScreener pool links pass only as https on dexscreener.com", () => {
  it.each(["https://dexscreener.com/base/0xpair", "https://dexscreener.com/solana/AbC123?maker=1"])(
    "keeps %s",
    (url) => {
      expect(safePoolUrl(url)).toBe(url);
      expect(new URL(safePoolUrl(url)!).hostname).toBe(DEXSCREENER_HOST);
    },
  );

  it.each([
    "javascript:alert(document.domain)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://evil.example/phish",
    "http://dexscreener.com/base/0xpair",
    "https://dexscreener.com.evil.example/base/0xpair",
    "https://evil.example/?u=https://dexscreener.com/",
    "https://user:pw@dexscreener.com/base/0xpair",
    "https://dexscreener.com:8443/base/0xpair",
    "https://www.dexscreener.com/base/0xpair",
    "//dexscreener.com/base/0xpair",
    "/base/0xpair",
    "not a url",
    "",
  ])("drops %s", (url) => {
    expect(safePoolUrl(url)).toBeNull();
  });

  it("drops null and undefined", () => {
    expect(safePoolUrl(null)).toBeNull();
    expect(safePoolUrl(undefined)).toBeNull();
  });

  it("applies where pools are mapped: a hostile url never reaches a DexPool", () => {
    expect(toDexPool(pair("javascript:alert(document.domain)"), TOKEN)?.url).toBeNull();
    expect(toDexPool(pair("https://evil.example/phish"), TOKEN)?.url).toBeNull();
    expect(toDexPool(pair("https://dexscreener.com/base/0xpair"), TOKEN)?.url).toBe(
      "https://dexscreener.com/base/0xpair",
    );
  });
});
