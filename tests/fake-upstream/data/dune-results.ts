/**
 * Dune `GET /query/{id}/results` envelopes (shape of the recorded `dune-query-results.json`) for
 * the five demo queries, with limit/offset pagination. `next_uri` mimics the real API and points at
 * `/execution/{execution_id}/results` — a path the service must never call (docs/route-contract.md "Upstream calls"; the fake
 * answers it 501): the service should page with `next_offset` on `/query/{id}/results`.
 */
import { DEMO_DUNE_QUERY_IDS, duneExecutionEndedAt } from "../constants";
import { cexFlowRows, chainMigrationRows, protocolFlowRows } from "./dune-flows";
import { issuerExposureRows, supplyByChainRows, type DuneRow } from "./dune-supply";
import { rngFor } from "./rng";

interface QueryDef {
  columns: Array<[name: string, type: string]>;
  rows: (endedAtMs: number) => DuneRow[];
}

const Q = DEMO_DUNE_QUERY_IDS;

export const DUNE_QUERIES: Record<string, QueryDef> = {
  [Q.DUNE_QUERY_SUPPLY_BY_CHAIN]: {
    columns: [
      ["token_symbol", "varchar"],
      ["blockchain", "varchar"],
      ["supply", "double"],
    ],
    rows: () => supplyByChainRows(),
  },
  [Q.DUNE_QUERY_CEX_FLOWS]: {
    columns: [
      ["block_time", "timestamp with time zone"],
      ["blockchain", "varchar"],
      ["token_symbol", "varchar"],
      ["amount_usd", "double"],
      ["from_address", "varbinary"],
      ["to_address", "varbinary"],
      ["from_label", "varchar"],
      ["to_label", "varchar"],
      ["label_source", "varchar"],
      ["direction", "varchar"],
      ["tx_hash", "varbinary"],
    ],
    rows: (ended) => cexFlowRows(ended),
  },
  [Q.DUNE_QUERY_PROTOCOL_FLOWS]: {
    columns: [
      ["token_symbol", "varchar"],
      ["protocol", "varchar"],
      ["blockchain", "varchar"],
      ["window", "varchar"],
      ["inflow_usd", "double"],
      ["outflow_usd", "double"],
      ["net_flow_usd", "double"],
      ["is_yield_bearing", "boolean"],
    ],
    rows: () => protocolFlowRows(),
  },
  [Q.DUNE_QUERY_CHAIN_MIGRATION]: {
    columns: [
      ["token_symbol", "varchar"],
      ["source_chain", "varchar"],
      ["destination_chain", "varchar"],
      ["window", "varchar"],
      ["amount_usd", "double"],
    ],
    rows: () => chainMigrationRows(),
  },
  [Q.DUNE_QUERY_ISSUER_EXPOSURE]: {
    columns: [
      ["token_symbol", "varchar"],
      ["issuer", "varchar"],
      ["blockchain", "varchar"],
      ["entity_label", "varchar"],
      ["entity_address", "varbinary"],
      ["label_source", "varchar"],
      ["balance", "double"],
      ["total_supply", "double"],
    ],
    rows: () => issuerExposureRows(),
  },
};

const rowCache = new Map<string, DuneRow[]>();

/** All rows of a demo query for the snapshot ending at `endedAtMs` (memoised per snapshot). */
export function duneRows(queryId: string, endedAtMs: number): DuneRow[] | null {
  const def = DUNE_QUERIES[queryId];
  if (!def) return null;
  const key = `${queryId}@${endedAtMs}`;
  let rows = rowCache.get(key);
  if (!rows) {
    if (rowCache.size > 50) rowCache.clear();
    rows = def.rows(endedAtMs);
    rowCache.set(key, rows);
  }
  return rows;
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function executionId(queryId: string, endedAtMs: number): string {
  const r = rngFor("execution", queryId, endedAtMs);
  let s = "01";
  for (let i = 0; i < 24; i++) s += CROCKFORD[Math.floor(r() * 32)];
  return s;
}

/** ISO with 6 fractional digits, like Dune's `2024-04-07T20:32:19.553232Z`. */
function iso6(ms: number, micros: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.(\d{3})Z$/, (_m, f: string) => `.${f}${String(micros).padStart(3, "0")}Z`);
}

export interface ResultsRequest {
  queryId: string;
  limit: number | null;
  offset: number;
  empty: boolean;
  nowMs: number;
  /** `http://host:port/dune/api/v1`, used for next_uri. */
  apiBase: string;
}

export function duneResults(req: ResultsRequest): Record<string, unknown> | null {
  const def = DUNE_QUERIES[req.queryId];
  if (!def) return null;
  const ended = duneExecutionEndedAt(req.nowMs);
  const all = req.empty ? [] : (duneRows(req.queryId, ended) ?? []);
  const start = Math.min(req.offset, all.length);
  const end = req.limit === null ? all.length : Math.min(all.length, start + req.limit);
  const rows = all.slice(start, end);
  const execId = executionId(req.queryId, ended);
  const bytes = (rs: DuneRow[]) => Buffer.byteLength(JSON.stringify(rs));
  const envelope: Record<string, unknown> = {
    execution_id: execId,
    query_id: Number(req.queryId),
    is_execution_finished: true,
    state: "QUERY_STATE_COMPLETED",
    submitted_at: iso6(ended - 4_147, 841),
    expires_at: iso6(ended + 90 * 86_400_000, 234),
    execution_started_at: iso6(ended - 3_876, 404),
    execution_ended_at: iso6(ended, 232),
    result: {
      rows,
      metadata: {
        column_names: def.columns.map(([n]) => n),
        column_types: def.columns.map(([, t]) => t),
        row_count: rows.length,
        result_set_bytes: bytes(rows),
        total_row_count: all.length,
        total_result_set_bytes: bytes(all),
        datapoint_count: rows.length * def.columns.length,
        pending_time_millis: 271,
        execution_time_millis: 3_876,
      },
    },
  };
  if (req.limit !== null && end < all.length) {
    envelope.next_offset = end;
    envelope.next_uri = `${req.apiBase}/execution/${execId}/results?limit=${req.limit}&offset=${end}`;
  }
  return envelope;
}
