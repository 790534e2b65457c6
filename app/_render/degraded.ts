/**
 * Page caching (incremental static regeneration). Each page exports its own `revalidate`
 * literal (Next requires a literal there): the data's own freshness. A render that had to show
 * warnings calls `keepDegradedBriefly()`, which lowers that one render's lifetime to
 * DEGRADED_REVALIDATE_SECONDS, so a page built while a source was down is replaced soon.
 *
 * Mechanism: an `unstable_cache` entry with a shorter `revalidate` lowers the revalidate of the
 * page render that calls it (documented for `unstable_cache` and `fetch`); the cached value
 * itself is a constant and is never used.
 */
import { unstable_cache } from "next/cache";

export const DEGRADED_REVALIDATE_SECONDS = 15;

const degradedMarker = unstable_cache(async () => true, ["degraded-render"], {
  revalidate: DEGRADED_REVALIDATE_SECONDS,
});

export async function keepDegradedBriefly(degraded: boolean): Promise<void> {
  if (degraded) await degradedMarker();
}
