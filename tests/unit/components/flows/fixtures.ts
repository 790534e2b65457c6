import type { CexTransfer, FlowsBody, MigrationRow, ProtocolFlow } from "@/components/flows/types";

export const LAST_RUN = "2025-06-01T04:00:00.000Z";

export const migration = (
  token_symbol: string,
  source_chain: string,
  destination_chain: string,
  amount_usd: number,
  window: MigrationRow["window"] = "7d",
): MigrationRow => ({ token_symbol, source_chain, destination_chain, window, amount_usd });

export const protocol = (
  p: Partial<ProtocolFlow> & Pick<ProtocolFlow, "token_symbol" | "protocol" | "net_flow_usd">,
): ProtocolFlow => ({
  chain: "ethereum",
  window: "7d",
  inflow_usd: Math.max(p.net_flow_usd, 0) + 1e6,
  outflow_usd: 1e6,
  is_yield_bearing: true,
  ...p,
});

const CEX = "0x" + "c".repeat(40);
export const WALLET_A = "0x" + "a".repeat(40);
export const WALLET_B = "0x" + "b".repeat(40);

export const transfer = (
  i: number,
  chain: string,
  token_symbol: string,
  wallet: string,
  direction: CexTransfer["direction"] = "cex_to_unlabeled",
): CexTransfer => {
  const cex = {
    address: CEX,
    label: "Binance 14",
    label_source: "dune labels: cex",
    labelled: true,
  };
  const unlabeled = {
    address: wallet,
    label: "unlabeled wallet",
    label_source: null,
    labelled: false,
  };
  const out = direction === "cex_to_unlabeled";
  return {
    time: `2025-06-01T0${i}:00:00.000Z`,
    chain,
    token_symbol,
    amount_usd: 1_000_000 * (i + 1),
    direction,
    from: out ? cex : unlabeled,
    to: out ? unlabeled : cex,
    tx_hash: "0x" + String(i).repeat(64).slice(0, 64),
  };
};

export const BODY: FlowsBody = {
  filters: { q: null, asset: null, wallet: null },
  chain_migration: [
    migration("USDC", "ethereum", "base", 300e6),
    migration("USDC", "base", "ethereum", 100e6),
    migration("USDT", "ethereum", "base", 50e6),
    migration("USDT", "arbitrum", "ethereum", 20e6),
    migration("USDC", "ethereum", "base", 900e6, "30d"),
  ],
  protocol_flows: [
    protocol({ token_symbol: "USDC", protocol: "aave_v3", net_flow_usd: 40e6 }),
    protocol({ token_symbol: "USDC", protocol: "aave_v3", chain: "base", net_flow_usd: 10e6 }),
    protocol({ token_symbol: "USDT", protocol: "morpho", net_flow_usd: -5e6 }),
    protocol({
      token_symbol: "USDC",
      protocol: "curve",
      net_flow_usd: 3e6,
      is_yield_bearing: false,
    }),
  ],
  cex_transfers: [
    transfer(1, "ethereum", "USDC", WALLET_A),
    transfer(2, "base", "USDT", WALLET_B, "unlabeled_to_cex"),
    transfer(3, "ethereum", "USDT", WALLET_B),
  ],
  metadata: {
    sources: (["protocol_flows", "cex_flows", "chain_migration"] as const).map((dataset) => ({
      name: "Dune" as const,
      type: "on-chain-scheduled" as const,
      dataset,
      last_updated: LAST_RUN,
    })),
    freshness: "scheduled/cached",
    wallet_filter_applies_to: ["cex_transfers"],
    label_policy: "Labels come only from public label tables.",
    cex_transfers_total: 3,
    cex_transfers_shown: 3,
  },
  warnings: [],
  warning_codes: [],
};
