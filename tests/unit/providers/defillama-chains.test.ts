import {
  chainLabelSegment,
  fetchChainSupplyHistory,
  fetchCoinChainBalances,
  fetchStablecoinChains,
} from "@/lib/providers/defillama/chains";
import { ProviderInputError } from "@/lib/providers";
import {
  pointProvidersAt,
  rejectionOf,
  sampleText,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./helpers";

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

describe("DefiLlama per-chain calls", () => {
  it("/stablecoinchains: canonical chains, USD totals, labels of one chain merged", async () => {
    server.setHandler((_req, res) => sendJson(res, sampleText("defillama-stablecoinchains.json")));
    const chains = await fetchStablecoinChains();
    expect(server.requests[0]?.pathname).toBe("/stablecoinchains");
    const bnb = chains.find((c) => c.chain === "bnb")!;
    expect(bnb.label).toBe("BSC");
    expect(bnb.totalUsd).toBeGreaterThan(1e9);
    expect(chains.find((c) => c.chain === "optimism")!.label).toBe("OP Mainnet");
    expect(chains.some((c) => c.chain === "tron")).toBe(true);
    expect(new Set(chains.map((c) => c.chain)).size).toBe(chains.length);

    server.setHandler((_req, res) =>
      sendJson(
        res,
        JSON.stringify([
          { name: "Optimism", totalCirculatingUSD: { peggedUSD: 5 } },
          { name: "OP Mainnet", totalCirculatingUSD: { peggedUSD: 10 } },
          { name: "NoUsd", totalCirculatingUSD: { peggedEUR: 3 } },
        ]),
      ),
    );
    expect(await fetchStablecoinChains()).toEqual([
      { chain: "optimism", label: "OP Mainnet", totalUsd: 15 },
      { chain: "nousd", label: "NoUsd", totalUsd: null },
    ]);
  });

  it("/stablecoincharts/{label}: the label as its path segment, peggedUSD points", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("defillama-stablecoincharts-all.reconstructed.json")),
    );
    const points = await fetchChainSupplyHistory("OP Mainnet");
    expect(server.requests[0]?.pathname).toBe("/stablecoincharts/OP%20Mainnet");
    expect(points.length).toBeGreaterThan(0);
    expect(chainLabelSegment("../x")).toBeNull();
    expect(chainLabelSegment("a/b")).toBeNull();
    expect(chainLabelSegment("re.al")).toBe("re.al");
    expect(await rejectionOf(fetchChainSupplyHistory("a/../b"))).toBeInstanceOf(ProviderInputError);
  });

  it("/stablecoin/{id}: each chain's latest row; the bare 0 is a measured none", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("defillama-stablecoin-1.reconstructed.json")),
    );
    const { address, balances } = await fetchCoinChainBalances("1");
    expect(server.requests[0]?.pathname).toBe("/stablecoin/1");
    // The aggregate's own address, as written (issue 26 §2: the coins API key of a coin).
    expect(address).toBe("0xdac17f958d2ee523a2206206994597c13d831ec7");
    expect(balances).toEqual([
      {
        chain: "optimism",
        label: "Optimism",
        dateMs: 1653004800000,
        circulating: 19368126,
        minted: 0,
        unreleased: 0,
        bridgedTo: 19368126,
        bridges: [],
      },
    ]);
  });

  it("/stablecoin/{id}: names the bridges of the bridged-in part", async () => {
    const body = {
      pegType: "peggedUSD",
      chainBalances: {
        BSC: {
          tokens: [
            {
              date: 1,
              circulating: { peggedUSD: 100 },
              minted: { peggedUSD: 60 },
              unreleased: 0,
              bridgedTo: {
                peggedUSD: 40,
                bridges: { Wormhole: { amount: 40, source: "Ethereum" } },
              },
            },
          ],
        },
        Broken: { tokens: [{ circulating: "x" }] },
      },
    };
    server.setHandler((_req, res) => sendJson(res, JSON.stringify(body)));
    const { address, balances: all } = await fetchCoinChainBalances("1");
    // No address in the body: unknown, never an empty string.
    expect(address).toBeNull();
    // A malformed latest row leaves its chain out (unknown), never a zero balance.
    expect(all.map((b) => b.chain)).toEqual(["bnb"]);
    const bnb = all[0];
    expect(bnb).toMatchObject({
      chain: "bnb",
      circulating: 100,
      bridgedTo: 40,
      bridges: [{ name: "Wormhole", sourceChain: "ethereum" }],
    });
    expect(await rejectionOf(fetchCoinChainBalances("1;x"))).toBeInstanceOf(ProviderInputError);
  });

  it("/stablecoin/{id}: an address of the wrong type or length is unknown, the balances kept", async () => {
    for (const address of [42, "x".repeat(500), "", null]) {
      server.setHandler((_req, res) =>
        sendJson(res, JSON.stringify({ pegType: "peggedUSD", address, chainBalances: {} })),
      );
      expect(await fetchCoinChainBalances("1")).toEqual({ address: null, balances: [] });
    }
  });
});
