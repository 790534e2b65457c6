/**
 * Pure transforms from flow rows to Sankey data. No domain maths beyond summing the rows the
 * scheduled queries already computed; nothing is inferred.
 */
import { chainLabel } from "@/components/format";
import type { FlowWindow, MigrationRow, MigrationWindow, ProtocolFlow } from "./types";

export interface SankeyNode {
  id: string;
  /** Display label. */
  name: string;
  color: string;
}
export interface SankeyLink {
  source: string;
  target: string;
  value: number;
}
export interface SankeyData {
  nodes: SankeyNode[];
  links: SankeyLink[];
  /** Sum of all link values, USD. */
  total: number;
}

const PALETTE = [
  "#0ea5e9",
  "#6366f1",
  "#f59e0b",
  "#10b981",
  "#ef4444",
  "#8b5cf6",
  "#14b8a6",
  "#ec4899",
  "#84cc16",
  "#f97316",
];

/** A stable colour per key, so a chain has the same colour on both sides of the chart. */
export function colorFor(key: string): string {
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

/** `aave_v3` → `Aave V3`. */
export function protocolLabel(protocol: string): string {
  return protocol
    .split(/[_-]/)
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** Chain migration uses the 7d window when 24h is asked for (the query has 7d and 30d only). */
export function migrationWindowFor(window: FlowWindow): MigrationWindow {
  return window === "30d" ? "30d" : "7d";
}

function positive(n: number): boolean {
  return Number.isFinite(n) && n > 0;
}

function sameAsset(symbol: string, asset: string | null): boolean {
  return asset === null || symbol.toLowerCase() === asset.toLowerCase();
}

function toSankey(
  sums: Map<string, { source: SankeyNode; target: SankeyNode; value: number }>,
): SankeyData {
  const nodes = new Map<string, SankeyNode>();
  const links: SankeyLink[] = [];
  for (const { source, target, value } of sums.values()) {
    if (!positive(value)) continue;
    nodes.set(source.id, source);
    nodes.set(target.id, target);
    links.push({ source: source.id, target: target.id, value });
  }
  links.sort((a, b) => b.value - a.value || a.source.localeCompare(b.source));
  return {
    nodes: [...nodes.values()],
    links,
    total: links.reduce((s, l) => s + l.value, 0),
  };
}

/** Node ids of the two sides of the migration chart: distinct, so the graph has no cycle. */
export const fromId = (chain: string) => `${chain} →`;
export const toId = (chain: string) => `→ ${chain}`;

/**
 * Chain migration → Sankey: source chains on the left, destination chains on the right,
 * links = summed amount_usd per route. Same-chain rows and non-positive amounts are dropped.
 */
export function migrationSankey(
  rows: readonly MigrationRow[],
  opts: { window: MigrationWindow; asset: string | null },
): SankeyData {
  const sums = new Map<string, { source: SankeyNode; target: SankeyNode; value: number }>();
  for (const r of rows) {
    if (r.window !== opts.window || !sameAsset(r.token_symbol, opts.asset)) continue;
    if (r.source_chain === r.destination_chain || !positive(r.amount_usd)) continue;
    const key = `${r.source_chain}\u0000${r.destination_chain}`;
    const prev = sums.get(key);
    if (prev) prev.value += r.amount_usd;
    else
      sums.set(key, {
        source: {
          id: fromId(r.source_chain),
          name: `${chainLabel(r.source_chain)} →`,
          color: colorFor(r.source_chain),
        },
        target: {
          id: toId(r.destination_chain),
          name: `→ ${chainLabel(r.destination_chain)}`,
          color: colorFor(r.destination_chain),
        },
        value: r.amount_usd,
      });
  }
  return toSankey(sums);
}

export interface ProtocolSankeyData extends SankeyData {
  /** Yield-bearing asset → protocol pairs left out because their net flow was not positive. */
  netOutflowPairs: number;
}

/**
 * Flows into yield-bearing protocols → Sankey: asset → protocol, net flow summed over chains,
 * positive net inflow only.
 */
export function protocolSankey(
  rows: readonly ProtocolFlow[],
  opts: { window: FlowWindow; asset: string | null },
): ProtocolSankeyData {
  const sums = new Map<string, { source: SankeyNode; target: SankeyNode; value: number }>();
  for (const r of rows) {
    if (!r.is_yield_bearing || r.window !== opts.window) continue;
    if (!sameAsset(r.token_symbol, opts.asset) || !Number.isFinite(r.net_flow_usd)) continue;
    const key = `${r.token_symbol}\u0000${r.protocol}`;
    const prev = sums.get(key);
    if (prev) prev.value += r.net_flow_usd;
    else
      sums.set(key, {
        source: {
          id: `asset:${r.token_symbol}`,
          name: r.token_symbol,
          color: colorFor(r.token_symbol),
        },
        target: {
          id: `protocol:${r.protocol}`,
          name: protocolLabel(r.protocol),
          color: colorFor(r.protocol),
        },
        value: r.net_flow_usd,
      });
  }
  const data = toSankey(sums);
  const netOutflowPairs = [...sums.values()].filter((s) => !positive(s.value)).length;
  return { ...data, netOutflowPairs };
}

export interface ProtocolTotal {
  protocol: string;
  token_symbol: string;
  inflow_usd: number;
  outflow_usd: number;
  net_flow_usd: number;
}

/** Non-yield-bearing protocols for the window, summed over chains, largest inflow first. */
export function otherProtocolTotals(
  rows: readonly ProtocolFlow[],
  opts: { window: FlowWindow; asset: string | null },
): ProtocolTotal[] {
  const sums = new Map<string, ProtocolTotal>();
  for (const r of rows) {
    if (r.is_yield_bearing || r.window !== opts.window) continue;
    if (!sameAsset(r.token_symbol, opts.asset)) continue;
    const key = `${r.protocol}\u0000${r.token_symbol}`;
    const t = sums.get(key) ?? {
      protocol: r.protocol,
      token_symbol: r.token_symbol,
      inflow_usd: 0,
      outflow_usd: 0,
      net_flow_usd: 0,
    };
    t.inflow_usd += r.inflow_usd;
    t.outflow_usd += r.outflow_usd;
    t.net_flow_usd += r.net_flow_usd;
    sums.set(key, t);
  }
  return [...sums.values()].sort((a, b) => b.inflow_usd - a.inflow_usd);
}

/** Sorted distinct asset symbols of some rows, for the client-side asset select. */
export function assetsOf(rows: ReadonlyArray<{ token_symbol: string }>): string[] {
  return [...new Set(rows.map((r) => r.token_symbol))].sort((a, b) => a.localeCompare(b));
}

export interface ChainNet {
  chain: string;
  in_usd: number;
  out_usd: number;
  net_usd: number;
}

/** Per chain: bridged in, bridged out and net, from the same rows as the migration Sankey. */
export function chainNet(
  rows: readonly MigrationRow[],
  opts: { window: MigrationWindow; asset: string | null },
): ChainNet[] {
  const sums = new Map<string, ChainNet>();
  const at = (chain: string) => {
    const c = sums.get(chain) ?? { chain, in_usd: 0, out_usd: 0, net_usd: 0 };
    sums.set(chain, c);
    return c;
  };
  for (const r of rows) {
    if (r.window !== opts.window || !sameAsset(r.token_symbol, opts.asset)) continue;
    if (r.source_chain === r.destination_chain || !positive(r.amount_usd)) continue;
    at(r.source_chain).out_usd += r.amount_usd;
    at(r.destination_chain).in_usd += r.amount_usd;
  }
  const out = [...sums.values()].map((c) => ({ ...c, net_usd: c.in_usd - c.out_usd }));
  return out.sort((a, b) => b.net_usd - a.net_usd || a.chain.localeCompare(b.chain));
}
