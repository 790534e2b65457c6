/**
 * Cache-only reads of the scheduled on-chain snapshots (docs/route-contract.md, rules 1–9):
 *
 * 1. only the latest-results GET of the provider is used — nothing here can execute, refresh
 *    or cancel a query (`lib/providers/dune` has no such call);
 * 2. that read is the provider's cheapest path;
 * 3. one shared entry per query id — no asset, wallet or user value in the key; per-asset or
 *    per-wallet views filter the shared rows after reading;
 * 4. concurrent reads of one query are coalesced into one read;
 * 5. a cached snapshot is served with no provider call;
 * 6. empty or failed results are never cached;
 * 7. fresh results come only from the provider's scheduler or the operator script;
 * 8. query ids come from configuration;
 * 9. the key travels in a header only (the Dune client), never in a URL or log.
 */
import { z } from "zod";
import { getConfig, type DuneQueryName, type TtlClass } from "@/lib/config";
import { fetchLatestResults } from "@/lib/providers/dune/client";
import { isProviderError } from "@/lib/providers/errors";
import { readFamily, type ReadOpts } from "./reader";
import { QUERY_ROW_SCHEMAS, type QueryRow } from "./query-rows";

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
    }
  | { ok: false; reason: SnapshotUnavailableReason; warning: string };

class DuneKeyAbsentError extends Error {}

function buildSnapshotSchema<N extends DuneQueryName>(name: N) {
  return z.object({
    queryId: z.string(),
    executionEndedAt: z.string(),
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

export async function readSnapshot<N extends DuneQueryName>(
  name: N,
  opts?: ReadOpts,
): Promise<SnapshotRead<N>> {
  const config = getConfig();
  const queryId = config.duneQueries[name];
  if (!queryId) return unavailable("not_configured");
  const ttlClass = SNAPSHOT_TTL_CLASS[name];
  const ttlSeconds = config.ttlSeconds[ttlClass];
  const rowSchema = QUERY_ROW_SCHEMAS[name];
  let invalidRows = false;

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
        if (result.rows.length > 0 && rows.length === 0) invalidRows = true;
        return { queryId, executionEndedAt: result.executionEndedAt, rows };
      },
    });
    if (read.value.rows.length === 0) return unavailable(invalidRows ? "invalid_rows" : "empty");
    return {
      ok: true,
      queryId,
      rows: read.value.rows,
      executionEndedAt: read.value.executionEndedAt,
      ttlClass,
      ttlSeconds,
      source: read.source,
    };
  } catch (e) {
    if (e instanceof DuneKeyAbsentError) return unavailable("no_key");
    if (isProviderError(e) && e.kind === "http" && e.status === 404)
      return unavailable("never_run");
    return unavailable("unreachable");
  }
}
