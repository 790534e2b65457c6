/**
 * In-process reuse of healthy JSON answers for `RESPONSE_MEMO_MS`.
 *
 * Every cacheable 200 already tells shared caches they may reuse it for `s-maxage` (60 s or
 * more) without asking again. This process does the same for one second in front of its own
 * logic, so a burst of identical requests costs one build, one serialisation and one hash
 * instead of one each (docs/performance.md, issue "Performance and scale").
 *
 * - Only 200s with a cacheable `Cache-Control` are kept: degraded (`no-store`) answers, errors
 *   and 404s never are, so 1,000 distinct invalid selectors add nothing here.
 * - The key is the path plus the query parameters in sorted order; the map is capped
 *   (`RESPONSE_MEMO_MAX_ENTRIES`, oldest dropped first).
 * - Concurrent misses of one key each build their answer (the reads under them are coalesced
 *   already): waiting on another request's build would double a degraded request's latency,
 *   since a degraded answer cannot be shared and the waiter would then build its own.
 * - It lives on `globalThis` so tests can clear it (`clearResponseMemo`) and every route bundle
 *   in the process uses the same bounded map.
 */
import { ExpiringMap } from "./expiring-map";
import type { SerialisedBody } from "./body";

/** How long a healthy answer is reused in-process (well inside every route's `s-maxage`). */
export const RESPONSE_MEMO_MS = 1_000;
/** Upper bound on kept answers. */
export const RESPONSE_MEMO_MAX_ENTRIES = 256;

/** A serialised answer: the exact body text, its headers, and its ETag once computed. */
export type KeptAnswer = SerialisedBody;

/** Path plus query parameters in sorted order (`?b=1&a=2` and `?a=2&b=1` are one answer). */
export function responseMemoKey(url: string): string {
  const u = new URL(url);
  u.searchParams.sort();
  return `${u.pathname}?${u.searchParams.toString()}`;
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.response-memo");
type GlobalWithMemo = typeof globalThis & { [GLOBAL_SLOT]?: ExpiringMap<KeptAnswer> };

/** The process-wide memo: path + sorted query → kept answer. */
export function responseMemo(): ExpiringMap<KeptAnswer> {
  const slot = globalThis as GlobalWithMemo;
  slot[GLOBAL_SLOT] ??= new ExpiringMap(RESPONSE_MEMO_MS, RESPONSE_MEMO_MAX_ENTRIES);
  return slot[GLOBAL_SLOT];
}

/** Tests that change what the next answer must be (a fault, a planted entry) clear it first. */
export function clearResponseMemo(): void {
  responseMemo().clear();
}
