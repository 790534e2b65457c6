/** Resolve a selector without loading market data: registry first, aggregate list only if needed. */
import { readAggregate } from "@/lib/snapshot/live";
import { toAggregateRef } from "./context";
import { resolveAsset, type Resolution } from "./resolve";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export async function resolveSelector(q: string, readOpts?: ReadOpts): Promise<Resolution> {
  const tracked = resolveAsset(q, []);
  if (tracked.ok && tracked.asset.tracked) return tracked;
  const aggregate = await readAggregate(readOpts).catch(() => null);
  return resolveAsset(q, (aggregate?.value.assets ?? []).map(toAggregateRef));
}
