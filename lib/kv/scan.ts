/**
 * A market-wide scan of the store (every coin's keys): at most STORE_READS_AT_ONCE reads in flight.
 * Each read's time includes the decoding of the others in flight, and every one must end within
 * the store's per-operation budget (`KV_TIMEOUT_MS`), so items are read as many at a time as fit.
 */
import pLimit from "p-limit";

export const STORE_READS_AT_ONCE = 32;

/** `read` of every item (results in order), with at most as many items at once as fit. */
export function scanStore<T, R>(
  items: readonly T[],
  readsPerItem: number,
  read: (item: T) => Promise<R>,
): Promise<R[]> {
  const limit = pLimit(Math.max(1, Math.floor(STORE_READS_AT_ONCE / Math.max(1, readsPerItem))));
  return Promise.all(items.map((item) => limit(() => read(item))));
}
