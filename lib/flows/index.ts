/**
 * GET /api/stablecoin-flows: the three movement snapshots (scheduled on-chain queries), read
 * through the shared read layer — one cache entry per query whatever `q` or `wallet` is asked —
 * then filtered locally. Labels appear only where the row carries a source-backed label; any
 * other address stays "unlabeled wallet" (no inference, no deanonymization).
 */
import { resolveSelector } from "@/lib/assets/selector";
import { snapshotWarnings } from "@/lib/assets/snapshot-warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import type { CexFlowRow } from "@/lib/snapshot/query-rows";
import { calledUpstream } from "@/lib/snapshot/read-through";
import { readSnapshot } from "@/lib/snapshot/snapshots";
import type { FlowsResponse } from "./schema";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export const UNLABELED = "unlabeled wallet";
export const MAX_CEX_TRANSFERS = 200;
export const LABEL_POLICY =
  "Labels come only from the query's public label tables and carry their source; an address without one is shown as an unlabeled wallet. No inference.";

type Party = FlowsResponse["cex_transfers"][number]["from"];

function party(address: string, label: string | null, source: string | null): Party {
  const labelled = label !== null && source !== null;
  return {
    address,
    label: labelled ? label : UNLABELED,
    label_source: labelled ? source : null,
    labelled,
  };
}

function transfer(r: CexFlowRow): FlowsResponse["cex_transfers"][number] {
  return {
    time: r.block_time,
    chain: r.blockchain,
    token_symbol: r.token_symbol,
    amount_usd: r.amount_usd,
    direction: r.direction,
    from: party(r.from_address, r.from_label, r.label_source),
    to: party(r.to_address, r.to_label, r.label_source),
    tx_hash: r.tx_hash,
  };
}

export type FlowsResult =
  | {
      ok: true;
      body: Omit<FlowsResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; suggestions: string[] };

export async function getFlows(
  input: { q: string | null; wallet: string | null },
  readOpts?: ReadOpts,
): Promise<FlowsResult> {
  let symbol: string | null = null;
  if (input.q) {
    const r = await resolveSelector(input.q, readOpts);
    if (!r.ok) return r;
    symbol = r.asset.symbol.toLowerCase();
  }
  const [protocol, cex, migration] = await Promise.all([
    readSnapshot("protocolFlows", readOpts),
    readSnapshot("cexFlows", readOpts),
    readSnapshot("chainMigration", readOpts),
  ]);
  const warnings = [protocol, cex, migration].flatMap(snapshotWarnings);
  const bySymbol = <T extends { token_symbol: string }>(rows: T[]) =>
    symbol === null ? rows : rows.filter((r) => r.token_symbol.toLowerCase() === symbol);
  const wallet = input.wallet;
  const cexRows = cex.ok
    ? bySymbol(cex.rows).filter(
        (r) => wallet === null || r.from_address === wallet || r.to_address === wallet,
      )
    : [];
  const sortedCex = [...cexRows].sort(
    (a, b) => b.block_time.localeCompare(a.block_time) || b.amount_usd - a.amount_usd,
  );

  const sources: FlowsResponse["metadata"]["sources"] = [];
  if (protocol.ok)
    sources.push({
      name: "Dune",
      type: "on-chain-scheduled",
      dataset: "protocol_flows",
      last_updated: protocol.executionEndedAt,
    });
  if (cex.ok)
    sources.push({
      name: "Dune",
      type: "on-chain-scheduled",
      dataset: "cex_flows",
      last_updated: cex.executionEndedAt,
    });
  if (migration.ok)
    sources.push({
      name: "Dune",
      type: "on-chain-scheduled",
      dataset: "chain_migration",
      last_updated: migration.executionEndedAt,
    });

  return {
    ok: true,
    degraded: warnings.length > 0,
    upstream: [protocol, cex, migration].some((s) => s.ok && calledUpstream(s)),
    body: {
      filters: { q: input.q, asset: symbol === null ? null : symbol.toUpperCase(), wallet },
      protocol_flows: protocol.ok
        ? bySymbol(protocol.rows).map((r) => ({
            token_symbol: r.token_symbol,
            protocol: r.protocol,
            chain: r.blockchain,
            window: r.window,
            inflow_usd: r.inflow_usd,
            outflow_usd: r.outflow_usd,
            net_flow_usd: r.net_flow_usd,
            is_yield_bearing: r.is_yield_bearing,
          }))
        : [],
      cex_transfers: sortedCex.slice(0, MAX_CEX_TRANSFERS).map(transfer),
      chain_migration: migration.ok ? bySymbol(migration.rows).map((r) => ({ ...r })) : [],
      metadata: {
        sources,
        freshness: "scheduled/cached",
        wallet_filter_applies_to: ["cex_transfers"],
        label_policy: LABEL_POLICY,
        cex_transfers_total: sortedCex.length,
        cex_transfers_shown: Math.min(sortedCex.length, MAX_CEX_TRANSFERS),
      },
      ...warningFields(warnings),
    },
  };
}
