import type { DexPool } from "@/lib/domain/types";
import { fetchTokenPairs, ProviderInputError } from "@/lib/providers";
import {
  pointProvidersAt,
  rejectionOf,
  sampleJson,
  sampleText,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./helpers";

const USD1_SOLANA = "USD1ttGY1N17NEEHLmELoaybftRBUSErhqYiQzvEmuB";
const USD1_EVM = "0x8d0D000Ee44948FC98c9B98A4FA4921476f08B0d";
const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const PEG_TOLERANCE = 0.05;

let server: FakeServer;
let restoreEnv: () => void;

beforeEach(async () => {
  server = await startFakeServer();
  restoreEnv = pointProvidersAt(server.baseUrl);
});

afterEach(async () => {
  restoreEnv();
  await server.close();
});

function serve(body: unknown) {
  server.setHandler((_req, res) => sendJson(res, body));
}

describe("fetchTokenPairs on the recorded token-pairs sample (Solana USD1)", () => {
  let pools: DexPool[];

  beforeEach(async () => {
    serve(sampleText("dexscreener-token-pairs.json"));
    pools = await fetchTokenPairs("solana", USD1_SOLANA);
  });

  it("calls /token-pairs/v1/{chainId}/{tokenAddress}", () => {
    expect(server.requests[0]?.pathname).toBe(`/token-pairs/v1/solana/${USD1_SOLANA}`);
    expect(server.requests[0]?.query.toString()).toBe("");
  });

  it("keeps every pair, with the asset on the base or the quote side", () => {
    expect(pools).toHaveLength(14);
    expect(pools.filter((p) => p.assetSide === "quote")).toHaveLength(3);
    for (const p of pools) {
      expect(p.chain).toBe("solana");
      const own = p.assetSide === "base" ? p.baseToken : p.quoteToken;
      const other = p.assetSide === "base" ? p.quoteToken : p.baseToken;
      expect(own.symbol).toBe("USD1");
      expect(p.counterSymbol).toBe(other.symbol);
      // The stablecoin's own price, whichever side it is on, sits near 1 USD.
      expect(Math.abs((p.assetPriceUsd ?? 0) - 1)).toBeLessThan(PEG_TOLERANCE);
    }
  });

  it("prices a quote-side asset as priceUsd / priceNative (strings in the payload)", () => {
    const quoteSide = pools.find((p) => p.baseToken.symbol === "1");
    expect(quoteSide).toMatchObject({ assetSide: "quote", counterSymbol: "1" });
    // priceUsd "0.03139" is the base token's price; priceNative "0.03139" is in USD1 per base.
    expect(quoteSide?.assetPriceUsd).toBeCloseTo(0.03139 / 0.03139, 10);
    const launchlab = pools.find((p) => p.dexId === "launchlab");
    expect(launchlab?.assetSide).toBe("quote");
    expect(launchlab?.assetPriceUsd).toBeCloseTo(0.000004505 / 0.000004505, 10);
  });

  it("maps base-side fields, labels and liquidity", () => {
    const first = pools[0];
    expect(first).toMatchObject({
      dexId: "raydium",
      labels: ["CLMM"],
      assetSide: "base",
      assetPriceUsd: 0.9989,
      counterSymbol: "USDC",
      liquidityUsd: 15059888.24,
      liquidityBase: 10889969,
      liquidityQuote: 4181218,
      volume24hUsd: 5083026.67,
      pairCreatedAt: 1756577941000,
    });
    expect(first?.url).toMatch(/^https:\/\/dexscreener\.com\//);
  });

  it("tolerates missing liquidity (bonding curve) and missing labels", () => {
    const launchlab = pools.find((p) => p.dexId === "launchlab");
    expect(launchlab).toMatchObject({
      liquidityUsd: null,
      liquidityBase: null,
      liquidityQuote: null,
      labels: [],
    });
  });
});

describe("fetchTokenPairs quirks", () => {
  it("canonicalises bsc → bnb, matches EVM addresses case-insensitively and keeps only that chain", async () => {
    const search = sampleJson("dexscreener-search.json") as { pairs: unknown[] };
    serve(search.pairs);
    const pools = await fetchTokenPairs("bnb", USD1_EVM.toLowerCase());
    expect(server.requests[0]?.pathname).toBe(`/token-pairs/v1/bsc/${USD1_EVM.toLowerCase()}`);
    expect(pools).toHaveLength(3);
    for (const p of pools) {
      expect(p.chain).toBe("bnb");
      expect(p.assetSide).toBe("base");
      expect(p.baseToken.address).toBe(USD1_EVM);
    }
    expect(pools.some((p) => p.dexId === "uniswap" && p.labels.length === 0)).toBe(true);
  });

  it("computes a quote-side EVM price from priceUsd / priceNative", async () => {
    serve([
      {
        chainId: "base",
        dexId: "uniswap",
        pairAddress: "0x00000000000000000000000000000000000000aa",
        baseToken: {
          address: "0x4200000000000000000000000000000000000006",
          name: "Wrapped Ether",
          symbol: "WETH",
        },
        quoteToken: { address: USDC_BASE.toLowerCase(), name: "USD Coin", symbol: "USDC" },
        priceNative: "3001.0",
        priceUsd: "3000.5",
        liquidity: { usd: 1000000 },
      },
    ]);
    const [p] = await fetchTokenPairs("base", USDC_BASE);
    expect(p).toMatchObject({
      assetSide: "quote",
      counterSymbol: "WETH",
      liquidityUsd: 1000000,
      url: null,
    });
    expect(p?.assetPriceUsd).toBeCloseTo(3000.5 / 3001.0, 12);
  });

  it("a zero or negative pool price is no price (null)", async () => {
    const pair = (pairAddress: string, priceUsd: string, side: "base" | "quote") => ({
      chainId: "base",
      dexId: "uniswap",
      pairAddress,
      baseToken:
        side === "base"
          ? { address: USDC_BASE, name: "USD Coin", symbol: "USDC" }
          : { address: "0x4200000000000000000000000000000000000006", name: "W", symbol: "W" },
      quoteToken:
        side === "quote"
          ? { address: USDC_BASE, name: "USD Coin", symbol: "USDC" }
          : { address: "0x4200000000000000000000000000000000000006", name: "W", symbol: "W" },
      priceNative: "1",
      priceUsd,
      liquidity: { usd: 1000 },
    });
    serve([
      pair("0x00000000000000000000000000000000000000a1", "0", "base"),
      pair("0x00000000000000000000000000000000000000a2", "-1", "base"),
      pair("0x00000000000000000000000000000000000000a3", "0", "quote"),
    ]);
    const pools = await fetchTokenPairs("base", USDC_BASE);
    expect(pools.map((p) => p.assetPriceUsd)).toEqual([null, null, null]);
  });

  it("parses the wrapped /latest/dex and tokens/v1 samples", async () => {
    serve(sampleText("dexscreener-latest-dex-tokens.json"));
    expect(await fetchTokenPairs("solana", USD1_SOLANA)).toHaveLength(14);
    serve(sampleText("dexscreener-tokens-v1.json"));
    expect(await fetchTokenPairs("solana", USD1_SOLANA)).toHaveLength(1);
  });

  it("answers [] for an unknown token (bare [] and pairs: null)", async () => {
    serve([]);
    await expect(fetchTokenPairs("ethereum", USD1_EVM)).resolves.toEqual([]);
    serve({ schemaVersion: "1.0.0", pairs: null });
    await expect(fetchTokenPairs("ethereum", USD1_EVM)).resolves.toEqual([]);
  });

  it("rejects a wrong shape as schema", async () => {
    serve({ pairs: "nope" });
    expect(await rejectionOf(fetchTokenPairs("ethereum", USD1_EVM))).toMatchObject({
      kind: "schema",
    });
  });

  it("refuses bad addresses and chain ids before any request", async () => {
    const bad: [string, string][] = [
      ["ethereum", "0x123"],
      ["ethereum", `${USD1_EVM}/../x`],
      ["ethereum", USD1_SOLANA],
      ["solana", "not base58 0OIl"],
      ["eth/../x", USD1_EVM],
    ];
    for (const [chain, address] of bad) {
      await expect(fetchTokenPairs(chain, address)).rejects.toBeInstanceOf(ProviderInputError);
    }
    expect(server.requests).toHaveLength(0);
  });
});
