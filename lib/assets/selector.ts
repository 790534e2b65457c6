/**
 * Resolve a selector without loading market data: against the aggregate list, or the overlay's
 * identities while no copy of the list can be read.
 */
import type { AggregateAsset } from "@/lib/domain/types";
import { readAggregate } from "@/lib/snapshot/live";
import { canonicalSelectors } from "./canonical";
import { resolveAsset, toAggregateRef, type Resolution } from "./resolve";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export async function resolveSelector(q: string, readOpts?: ReadOpts): Promise<Resolution> {
  const aggregate = await readAggregate(readOpts).catch(() => null);
  return resolveAsset(q, (aggregate?.value.assets ?? []).map(toAggregateRef));
}

/**
 * The spelling → canonical selector table for one version of the aggregate list (`storedAt`; the
 * overlay's coins while no copy can be read, `null`). Derived once per fetched version: the read
 * layer hands out a new object for the same version each time it re-checks the store, and
 * rebuilding the table costs a resolver pass per spelling.
 */
let table: { storedAt: number | null; selectors: ReadonlyMap<string, string> } | null = null;

export function canonicalSelectorsOf(
  list: { storedAt: number; assets: readonly AggregateAsset[] } | null,
): ReadonlyMap<string, string> {
  const storedAt = list?.storedAt ?? null;
  if (table?.storedAt !== storedAt) {
    table = { storedAt, selectors: canonicalSelectors((list?.assets ?? []).map(toAggregateRef)) };
  }
  return table.selectors;
}

/** The table for the aggregate list as the read layer has it now. */
export async function readCanonicalSelectors(
  readOpts?: ReadOpts,
): Promise<ReadonlyMap<string, string>> {
  const aggregate = await readAggregate(readOpts).catch(() => null);
  return canonicalSelectorsOf(
    aggregate && { storedAt: aggregate.storedAt, assets: aggregate.value.assets },
  );
}
