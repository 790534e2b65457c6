/**
 * Resolve a selector without loading market data: against the aggregate list, or the overlay's
 * identities while no copy of the list can be read.
 */
import { readAggregate } from "@/lib/snapshot/live";
import { canonicalSelectors } from "./canonical";
import { resolveAsset, toAggregateRef, type Resolution } from "./resolve";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export async function resolveSelector(q: string, readOpts?: ReadOpts): Promise<Resolution> {
  const aggregate = await readAggregate(readOpts).catch(() => null);
  return resolveAsset(q, (aggregate?.value.assets ?? []).map(toAggregateRef));
}

/**
 * The spelling → canonical selector table for the aggregate list as the read layer has it now;
 * the overlay's coins only while no copy of the list can be read. Derived once per fetched version
 * of the list (`storedAt`): the read layer hands out a new object for the same version each
 * time it re-checks the store, and rebuilding the table costs a resolver pass per spelling.
 */
let table: { storedAt: number | null; selectors: ReadonlyMap<string, string> } | null = null;

export async function readCanonicalSelectors(
  readOpts?: ReadOpts,
): Promise<ReadonlyMap<string, string>> {
  const aggregate = await readAggregate(readOpts).catch(() => null);
  const storedAt = aggregate?.storedAt ?? null;
  if (table?.storedAt !== storedAt) {
    const refs = (aggregate?.value.assets ?? []).map(toAggregateRef);
    table = { storedAt, selectors: canonicalSelectors(refs) };
  }
  return table.selectors;
}
