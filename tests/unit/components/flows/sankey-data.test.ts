import {
  chainNet,
  fromId,
  migrationSankey,
  migrationWindowFor,
  otherProtocolTotals,
  protocolLabel,
  protocolSankey,
  toId,
  type SankeyData,
} from "@/components/flows/sankey-data";
import { filterTransfers, parseWallet, shortAddress } from "@/components/flows/transfers";
import { BODY, migration, WALLET_A, WALLET_B } from "./fixtures";

/** True when the directed graph of links has a cycle (d3-sankey throws "circular link"). */
function hasCycle(data: SankeyData): boolean {
  const out = new Map<string, string[]>();
  for (const l of data.links) out.set(l.source, [...(out.get(l.source) ?? []), l.target]);
  const state = new Map<string, 1 | 2>();
  const visit = (n: string): boolean => {
    if (state.get(n) === 1) return true;
    if (state.get(n) === 2) return false;
    state.set(n, 1);
    const cyclic = (out.get(n) ?? []).some(visit);
    state.set(n, 2);
    return cyclic;
  };
  return data.nodes.some((n) => visit(n.id));
}

describe("migrationSankey", () => {
  it("keeps ethereum→base and base→ethereum without a cycle", () => {
    const data = migrationSankey(BODY.chain_migration, { window: "7d", asset: null });
    expect(hasCycle(data)).toBe(false);
    expect(data.links).toEqual([
      { source: fromId("ethereum"), target: toId("base"), value: 350e6 },
      { source: fromId("base"), target: toId("ethereum"), value: 100e6 },
      { source: fromId("arbitrum"), target: toId("ethereum"), value: 20e6 },
    ]);
    expect(data.total).toBe(470e6);
    const ids = data.nodes.map((n) => n.id).sort();
    expect(ids).toEqual(["arbitrum →", "base →", "ethereum →", "→ base", "→ ethereum"]);
    const names = data.nodes.map((n) => n.name);
    expect(names).toContain("Ethereum →");
    expect(names).toContain("→ Base");
    // Every link goes from a source-side node to a destination-side node.
    for (const l of data.links) {
      expect(l.source.endsWith(" →")).toBe(true);
      expect(l.target.startsWith("→ ")).toBe(true);
    }
    // A chain keeps its colour on both sides.
    const color = (id: string) => data.nodes.find((n) => n.id === id)?.color;
    expect(color(fromId("ethereum"))).toBe(color(toId("ethereum")));
  });

  it("filters by window and asset, drops same-chain and non-positive rows", () => {
    const rows = [
      ...BODY.chain_migration,
      migration("USDC", "base", "base", 5e6),
      migration("USDC", "optimism", "base", 0),
    ];
    const usdc = migrationSankey(rows, { window: "7d", asset: "usdc" });
    expect(usdc.links.map((l) => [l.source, l.target, l.value])).toEqual([
      ["ethereum →", "→ base", 300e6],
      ["base →", "→ ethereum", 100e6],
    ]);
    const month = migrationSankey(rows, { window: "30d", asset: null });
    expect(month.links).toHaveLength(1);
    expect(migrationSankey([], { window: "7d", asset: null })).toEqual({
      nodes: [],
      links: [],
      total: 0,
    });
  });

  it("uses 7d for a 24h request", () => {
    expect(migrationWindowFor("24h")).toBe("7d");
    expect(migrationWindowFor("30d")).toBe("30d");
  });
});

describe("protocolSankey", () => {
  it("sums net inflow over chains, yield-bearing and positive only", () => {
    const data = protocolSankey(BODY.protocol_flows, { window: "7d", asset: null });
    expect(data.links).toEqual([{ source: "asset:USDC", target: "protocol:aave_v3", value: 50e6 }]);
    expect(data.nodes.map((n) => n.name)).toEqual(["USDC", "Aave V3"]);
    expect(data.netOutflowPairs).toBe(1);
    expect(hasCycle(data)).toBe(false);
    expect(protocolSankey(BODY.protocol_flows, { window: "30d", asset: null }).links).toEqual([]);
  });

  it("lists non-yield-bearing protocols separately", () => {
    expect(otherProtocolTotals(BODY.protocol_flows, { window: "7d", asset: null })).toEqual([
      {
        protocol: "curve",
        token_symbol: "USDC",
        inflow_usd: 4e6,
        outflow_usd: 1e6,
        net_flow_usd: 3e6,
      },
    ]);
    expect(protocolLabel("sky_savings")).toBe("Sky Savings");
  });
});

describe("transfer filters", () => {
  it("filters by chain, asset and a validated wallet", () => {
    const rows = BODY.cex_transfers;
    const all = { chain: "all", asset: "all", wallet: null };
    expect(filterTransfers(rows, all)).toHaveLength(3);
    expect(filterTransfers(rows, { ...all, chain: "base" })).toHaveLength(1);
    expect(filterTransfers(rows, { ...all, asset: "USDT" })).toHaveLength(2);
    expect(filterTransfers(rows, { ...all, wallet: WALLET_A })).toHaveLength(1);
    const upper = parseWallet(`  ${WALLET_B.toUpperCase().replace("0X", "0x")} `);
    expect(upper).toEqual({ ok: true, wallet: WALLET_B });
    expect(parseWallet("")).toEqual({ ok: true, wallet: null });
    expect(parseWallet("0x123").ok).toBe(false);
    expect(shortAddress(WALLET_A)).toBe("0xaaaa…aaaa");
  });
});

describe("chainNet", () => {
  it("sums bridged in and out per chain", () => {
    expect(chainNet(BODY.chain_migration, { window: "7d", asset: null })).toEqual([
      { chain: "base", in_usd: 350e6, out_usd: 100e6, net_usd: 250e6 },
      { chain: "arbitrum", in_usd: 0, out_usd: 20e6, net_usd: -20e6 },
      { chain: "ethereum", in_usd: 120e6, out_usd: 350e6, net_usd: -230e6 },
    ]);
  });
});
