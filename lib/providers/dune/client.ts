/**
 * On-chain analytics provider (Dune) — read-only. The only call is the latest stored result
 * of a scheduled query, `GET /query/{query_id}/results`, paged with `limit`/`offset`. Nothing in
 * this folder starts, re-runs or stops a query. The read-only key goes in `X-Dune-API-Key`.
 */
import { getConfig } from "@/lib/config";
import type { DuneResult } from "@/lib/domain/types";
import { ProviderError } from "../errors";
import { providerGet, type ProviderCallOptions } from "../http";
import { fillPath, numericIdSegment, ProviderInputError } from "../segments";
import { resultsPageSchema, type RawResultsPage } from "./schemas";

const PROVIDER = "dune";
const KEY_HEADER = "X-Dune-API-Key";
export const DUNE_ENDPOINTS = {
  latestResults: "/query/{query_id}/results",
} as const;

export const DEFAULT_DUNE_PAGE_LIMIT = 1_000;
export const DEFAULT_DUNE_MAX_PAGES = 20;
const MAX_PAGE_LIMIT = 100_000;
const MAX_PAGES_CAP = 100;

/** No read key configured: on-chain snapshot data is unavailable (callers degrade, docs/route-contract.md). */
export class DuneKeyMissingError extends Error {
  readonly provider = PROVIDER;
  constructor() {
    super("dune: API key is not configured");
    this.name = "DuneKeyMissingError";
  }
}

export function isDuneKeyMissingError(e: unknown): e is DuneKeyMissingError {
  return e instanceof DuneKeyMissingError;
}

export interface LatestResultsOptions extends ProviderCallOptions {
  /** Rows per page (default 1,000). */
  limit?: number;
  /** Page cap (default 20); `truncated` tells when more rows existed. */
  maxPages?: number;
}

function checkedInt(
  value: number | undefined,
  fallback: number,
  max: number,
  what: string,
): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new ProviderInputError(PROVIDER, DUNE_ENDPOINTS.latestResults, what);
  }
  return n;
}

/**
 * `GET /query/{query_id}/results?limit=&offset=` following `next_offset` up to `maxPages`,
 * concatenating rows. A query that never ran (for its latest version) is a `ProviderError`
 * of kind `http` with status 404.
 */
export async function fetchLatestResults(
  queryId: string,
  options: LatestResultsOptions = {},
): Promise<DuneResult> {
  const endpoint = DUNE_ENDPOINTS.latestResults;
  const ctx = { provider: PROVIDER, endpoint } as const;
  const { limit: limitOption, maxPages: maxPagesOption, ...callOptions } = options;
  const limit = checkedInt(limitOption, DEFAULT_DUNE_PAGE_LIMIT, MAX_PAGE_LIMIT, "limit");
  const maxPages = checkedInt(maxPagesOption, DEFAULT_DUNE_MAX_PAGES, MAX_PAGES_CAP, "maxPages");
  const path = fillPath(endpoint, { query_id: numericIdSegment(queryId, ctx, "query id") }, ctx);
  const { baseUrl, apiKey } = getConfig().providers.dune;
  if (!apiKey) throw new DuneKeyMissingError();

  let first: RawResultsPage | undefined;
  const rows: Record<string, unknown>[] = [];
  let offset = 0;
  let nextOffset: number | null = null;
  for (let page = 0; page < maxPages; page++) {
    const body = await providerGet({
      provider: PROVIDER,
      endpoint,
      baseUrl,
      path,
      query: { limit: String(limit), offset: String(offset) },
      headers: { [KEY_HEADER]: apiKey },
      schema: resultsPageSchema,
      ...callOptions,
    });
    if (first && body.execution_id !== first.execution_id) {
      throw new ProviderError("schema", PROVIDER, endpoint, "result changed between pages");
    }
    first ??= body;
    rows.push(...body.result.rows);
    nextOffset = body.next_offset ?? null;
    if (nextOffset === null || nextOffset <= offset) {
      nextOffset = null;
      break;
    }
    offset = nextOffset;
  }
  if (!first) throw new ProviderInputError(PROVIDER, endpoint, "maxPages");

  return {
    queryId,
    executionId: first.execution_id,
    state: first.state,
    executionEndedAt: first.execution_ended_at,
    rows,
    totalRowCount: first.result.metadata?.total_row_count ?? rows.length,
    truncated: nextOffset !== null,
  };
}
