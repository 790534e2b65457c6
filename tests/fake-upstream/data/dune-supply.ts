/**
 * Dune rows for the supply-by-chain and issuer-exposure snapshots (docs/route-contract.md
 * "Scheduled snapshots"). Supplies are in token units and
 * follow the DefiLlama recording (chainCirculating current USD ÷ price) for the chains Dune
 * spells ethereum, base, arbitrum, optimism, polygon, bnb, avalanche_c; chains where DefiLlama
 * shows < 1 000 USD are left out. Every third supply/balance cell is a string (varchar-typed cell).
 */
import { llamaAsset } from "./samples";
import { addressFor, between, round } from "./rng";

export type DuneRow = Record<string, string | number | boolean | null>;

export const SUPPLY_TOKENS: ReadonlyArray<[symbol: string, defillamaId: string]> = [
  ["USDT", "1"],
  ["USDC", "2"],
  ["DAI", "5"],
  ["USDe", "146"],
  ["USDS", "209"],
  ["PYUSD", "120"],
  ["FDUSD", "119"],
  ["GHO", "118"],
  ["crvUSD", "110"],
  ["FRAX", "6"],
  ["LUSD", "8"],
];

/** DefiLlama chain label → Dune blockchain. */
export const DUNE_CHAINS: ReadonlyArray<[label: string, blockchain: string]> = [
  ["Ethereum", "ethereum"],
  ["Base", "base"],
  ["Arbitrum", "arbitrum"],
  ["OP Mainnet", "optimism"],
  ["Polygon", "polygon"],
  ["BSC", "bnb"],
  ["Avalanche", "avalanche_c"],
];

export interface SupplyFact {
  token_symbol: string;
  blockchain: string;
  supply: number;
}

export function supplyFacts(): SupplyFact[] {
  const out: SupplyFact[] = [];
  for (const [symbol, id] of SUPPLY_TOKENS) {
    const asset = llamaAsset(id);
    if (!asset) continue;
    const price = asset.price ?? 1;
    for (const [label, blockchain] of DUNE_CHAINS) {
      const usd = asset.chainCirculating[label]?.current[asset.pegType];
      if (usd === undefined || usd < 1000) continue;
      out.push({ token_symbol: symbol, blockchain, supply: usd / price });
    }
  }
  return out;
}

function cell(n: number, i: number): number | string {
  return i % 3 === 1 ? n.toFixed(6) : round(n, 2);
}

export function supplyByChainRows(): DuneRow[] {
  return supplyFacts().map((f, i) => ({
    token_symbol: f.token_symbol,
    blockchain: f.blockchain,
    supply: cell(f.supply, i),
  }));
}

/** token → [issuer, entity_label, share of chain supply held (lo, hi)] */
const ISSUERS: Record<string, [string, string, number, number]> = {
  USDT: ["Tether", "Tether Treasury", 0.004, 0.03],
  USDC: ["Circle", "Circle", 0.002, 0.02],
  DAI: ["Sky", "Sky/Maker PSM", 0.05, 0.2],
  USDS: ["Sky", "Sky/Maker PSM", 0.08, 0.25],
  USDe: ["Ethena", "Ethena Minting", 0.01, 0.05],
  PYUSD: ["Paxos", "Paxos Treasury", 0.02, 0.08],
  FDUSD: ["First Digital", "First Digital Labs", 0.03, 0.1],
  GHO: ["Aave", "Aave Collector", 0.01, 0.04],
  crvUSD: ["Curve", "crvUSD Controller Factory", 0.05, 0.15],
  FRAX: ["Frax", "Frax Finance Treasury", 0.04, 0.12],
};

/** LUSD (immutable, no issuer) has no issuer_exposure rows. */
export function issuerExposureRows(): DuneRow[] {
  return supplyFacts()
    .filter((f) => ISSUERS[f.token_symbol])
    .map((f, i) => {
      const [issuer, label, lo, hi] = ISSUERS[f.token_symbol] as [string, string, number, number];
      const balance = f.supply * between(lo, hi, "issuer-share", f.token_symbol, f.blockchain);
      return {
        token_symbol: f.token_symbol,
        issuer,
        blockchain: f.blockchain,
        entity_label: label,
        entity_address: addressFor("issuer", label, f.blockchain),
        label_source: "dune labels: issuer",
        balance: cell(balance, i),
        total_supply: cell(f.supply, i + 1),
      };
    });
}
