/**
 * Cache-only reads of the scheduled on-chain snapshots: the provider's latest-results GET only,
 * one shared entry per query id, empty or failed results never cached (docs/route-contract.md).
 */
import { z } from "zod";
import { getConfig, type DuneQueryName, type TtlClass } from "@/lib/config";
import { fetchLatestResults } from "@/lib/providers/dune/client";
import { isProviderError } from "@/lib/providers/errors";
import { telemetry } from "@/lib/telemetry";
import { readFamily, type ReadOpts } from "./reader";
import { QUERY_ROW_SCHEMAS, type QueryRow } from "./query-rows";
import { snapshotIssues, type SnapshotIssue, type SnapshotMeta } from "./snapshot-quality";

/** Which TTL class each snapshot belongs to (docs/caching.md "TTL classes"). */
export const SNAPSHOT_TTL_CLASS: Readonly<Record<DuneQueryName, TtlClass>> = {
  supplyByChain: "breakdown",
  cexFlows: "movement",
  protocolFlows: "leaderboard",
  chainMigration: "migration",
  issuerExposure: "exposureFacts",
};

export const DUNE_SOURCE_NAME = "Dune";
export const WARNING_UNAVAILABLE =
  "Dune (on-chain-scheduled): on-chain snapshot data is unavailable.";
export const WARNING_MISSING =
  "Dune (on-chain-scheduled): the scheduled result is missing, so on-chain snapshot data is stale or unavailable.";

/** One shared entry per query id (rule 3). */
export function snapshotKey(queryId: string): string {
  return `snapshot:v1:dune:${queryId}`;
}

export type SnapshotUnavailableReason =
  "not_configured" | "no_key" | "unreachable" | "never_run" | "empty" | "invalid_rows";

export type SnapshotRead<N extends DuneQueryName> =
  | {
      ok: true;
      queryId: string;
      rows: QueryRow<N>[];
      /** `execution_ended_at` of the result: the last successful scheduled run. */
      executionEndedAt: string;
      ttlClass: TtlClass;
      ttlSeconds: number;
      source: "cache" | "upstream" | "stale";
      /** Truncated, partial, rows dropped, scheduler stale: computed now, from the stored copy. */
      issues: SnapshotIssue[];
    }
  | { ok: false; reason: SnapshotUnavailableReason; warning: string };

class DuneKeyAbsentError extends Error {}

/** The stored snapshot: its rows and what the read issues are computed from (`./snapshot-quality`). */
function buildSnapshotSchema<N extends DuneQueryName>(name: N) {
  return z.object({
    queryId: z.string(),
    executionEndedAt: z.string(),
    state: z.string(),
    truncated: z.boolean(),
    droppedRows: z.number().int().nonnegative(),
    rows: z.array(QUERY_ROW_SCHEMAS[name] as unknown as z.ZodType<QueryRow<N>>),
  });
}

// Built once per query name: zod compiles a fast path per schema instance, so a schema built
// per request costs that compilation on every warm read (docs/performance.md).
const snapshotSchemas = new Map<DuneQueryName, unknown>();
function snapshotSchema<N extends DuneQueryName>(
  name: N,
): ReturnType<typeof buildSnapshotSchema<N>> {
  let schema = snapshotSchemas.get(name) as ReturnType<typeof buildSnapshotSchema<N>> | undefined;
  if (!schema) {
    schema = buildSnapshotSchema(name);
    snapshotSchemas.set(name, schema);
  }
  return schema;
}

function unavailable(reason: SnapshotUnavailableReason): {
  ok: false;
  reason: SnapshotUnavailableReason;
  warning: string;
} {
  const missing = reason === "never_run" || reason === "empty";
  return { ok: false, reason, warning: missing ? WARNING_MISSING : WARNING_UNAVAILABLE };
}

/** Remembers the read for `/api/health` (per instance, like the other telemetry). */
function noted<N extends DuneQueryName>(
  name: N,
  read: SnapshotRead<N>,
  meta?: SnapshotMeta,
): SnapshotRead<N> {
  if (!read.ok)
    telemetry.recordSnapshot(name, { ok: false, reason: read.reason, warning: read.warning });
  else if (meta) telemetry.recordSnapshot(name, { ok: true, ttlSeconds: read.ttlSeconds, ...meta });
  return read;
}

/** The warnings of the snapshots last read here (for `/api/health`). */
export function snapshotHealth(nowMs: number): { warnings: string[]; codes: string[] } {
  const warnings: string[] = [];
  const codes: string[] = [];
  for (const name of Object.keys(SNAPSHOT_TTL_CLASS) as DuneQueryName[]) {
    const note = telemetry.snapshotNote(name);
    if (!note) continue;
    const found = note.ok ? snapshotIssues(name, note, note.ttlSeconds, nowMs) : [note];
    for (const f of found) {
      warnings.push(f.warning);
      codes.push(`onchain_${f.reason}`);
    }
  }
  return { warnings, codes };
}

export async function readSnapshot<N extends DuneQueryName>(
  name: N,
  opts: ReadOpts = {},
): Promise<SnapshotRead<N>> {
  const config = getConfig();
  const queryId = config.duneQueries[name];
  if (!queryId) return unavailable("not_configured");
  const ttlClass = SNAPSHOT_TTL_CLASS[name];
  const ttlSeconds = config.ttlSeconds[ttlClass];
  const rowSchema = QUERY_ROW_SCHEMAS[name];
  const now = opts.now ?? Date.now;

  try {
    // Policy: fresh = the class TTL, no stale window, empty never stored (rule 6).
    const read = await readFamily({
      family: `snapshot:${ttlClass}`,
      key: snapshotKey(queryId),
      schema: snapshotSchema(name),
      opts,
      isEmpty: (v) => v.rows.length === 0,
      fetch: async () => {
        if (!config.providers.dune.apiKey) throw new DuneKeyAbsentError();
        const result = await fetchLatestResults(queryId);
        const rows: QueryRow<N>[] = [];
        for (const raw of result.rows) {
          const parsed = rowSchema.safeParse(raw);
          if (parsed.success) rows.push(parsed.data as QueryRow<N>);
        }
        return {
          queryId,
          executionEndedAt: result.executionEndedAt,
          state: result.state,
          truncated: result.truncated === true,
          droppedRows: result.rows.length - rows.length,
          rows,
        };
      },
    });
    const { rows, ...meta } = read.value;
    if (rows.length === 0) {
      // Never stored (rule 6): every request sharing this read sees why.
      return noted(name, unavailable(meta.droppedRows > 0 ? "invalid_rows" : "empty"));
    }
    return noted(
      name,
      {
        ok: true,
        queryId,
        rows,
        executionEndedAt: meta.executionEndedAt,
        ttlClass,
        ttlSeconds,
        source: read.source,
        issues: snapshotIssues(name, meta, ttlSeconds, now()),
      },
      meta,
    );
  } catch (e) {
    if (e instanceof DuneKeyAbsentError) return noted(name, unavailable("no_key"));
    if (isProviderError(e) && e.kind === "http" && e.status === 404)
      return noted(name, unavailable("never_run"));
    return noted(name, unavailable("unreachable"));
  }
}
