/**
 * In-process reuse of JSON answers for `RESPONSE_MEMO_MS`.
 *
 * Every cacheable 200 already tells shared caches they may reuse it for `s-maxage` (60 s or
 * more) without asking again. This process does the same for one second in front of its own
 * logic, so a burst of identical requests costs one build, one serialisation and one hash
 * instead of one each (docs/performance.md, sections 1 and 7).
 *
 * - Data 200s are kept: every healthy one for `RESPONSE_MEMO_MS`, and a degraded one (a
 *   warning, `no-store`) when it is settled — until the earliest moment it could change
 *   (`keptForMs`), i.e. no read under it left a retry pending (the build's read report,
 *   `lib/snapshot/read-opts`): it is degraded only by a stored empty live answer (no pools), a
 *   failure (its key cools down at once), or a spent call budget, so building it again before
 *   then would give the same answer. It keeps its warnings and its `no-store` (no HTTP
 *   cache keeps it). A stale copy, an empty scheduled snapshot (never stored) and a request's
 *   own deadline leave a retry pending: such an answer is never kept. Measured: without this, warm intel and risk in the "no pools",
 *   "unknown coin" and "provider 500" worlds ran at 0.55–0.89× the trivial route (every answer
 *   there carries a warning).
 * - Errors, 404s and bodies built with no cache policy (the health report) are never kept, so
 *   1,000 distinct invalid selectors add nothing here.
 * - The key is the public origin (`./origin`: links in an answer name it), the path and the
 *   query parameters in sorted order; the map is capped
 *   (`RESPONSE_MEMO_MAX_ENTRIES`, oldest dropped first).
 * - Past its time the next request builds the answer again. (A grace window that
 *   replayed the kept text while one background build replaced it was measured and removed:
 *   0.75–1.38× warm throughput without it, median 0.99×, on the file store and Redis, also with
 *   every store operation 150 ms late — `scripts/bench/reuse.ts`, docs/read-layer.md.)
 * - Concurrent misses of one key each build their answer (the reads under them are coalesced
 *   already): no request waits on another request's build, which may hang on a slow provider.
 * - It lives on `globalThis` so tests can clear it (`clearResponseMemo`) and every route bundle
 *   in the process uses the same bounded map. Clearing also moves the generation on, so a build
 *   that started before the clear does not put its answer back.
 */
import { ExpiringMap } from "./expiring-map";
import type { SerialisedBody } from "./response-facts";

/** How long an answer is reused in-process (well inside every route's `s-maxage`). */
export const RESPONSE_MEMO_MS = 1_000;
/** Upper bound on kept answers. */
export const RESPONSE_MEMO_MAX_ENTRIES = 256;

/**
 * How long an answer is kept: a healthy one `RESPONSE_MEMO_MS`; a settled degraded one until the
 * earliest moment a read under it could answer differently (`settledUntilMs`, the build's read
 * report), or `RESPONSE_MEMO_MS` when no read said.
 */
export function keptForMs(healthy: boolean, settledUntilMs: number | null, nowMs: number): number {
  if (healthy || settledUntilMs === null) return RESPONSE_MEMO_MS;
  return Math.max(0, settledUntilMs - nowMs);
}

/** A serialised answer: the exact body text, its headers, and its ETag once computed. */
export type KeptAnswer = SerialisedBody;

/**
 * Origin, path and query parameters in sorted order (`?b=1&a=2` and `?a=2&b=1` are one answer).
 * `origin` is the public origin the answer's links use, not the URL's (the server's own address).
 */
export function responseMemoKey(url: string, origin = ""): string {
  const u = new URL(url);
  u.searchParams.sort();
  return `${origin}${u.pathname}?${u.searchParams.toString()}`;
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.response-memo");

interface MemoState {
  map: ExpiringMap<KeptAnswer>;
  /** Moves on at every clear. */
  generation: number;
}
type GlobalWithMemo = typeof globalThis & { [GLOBAL_SLOT]?: MemoState };

function state(): MemoState {
  const slot = globalThis as GlobalWithMemo;
  slot[GLOBAL_SLOT] ??= {
    map: new ExpiringMap(RESPONSE_MEMO_MS, RESPONSE_MEMO_MAX_ENTRIES),
    generation: 0,
  };
  return slot[GLOBAL_SLOT];
}

/** The process-wide memo: path + sorted query → kept answer. */
export function responseMemo(): ExpiringMap<KeptAnswer> {
  return state().map;
}

/** The current generation; a build keeps its answer only if this has not moved on meanwhile. */
export function memoGeneration(): number {
  return state().generation;
}

/** Tests that change what the next answer must be (a fault, a planted entry) clear it first. */
export function clearResponseMemo(): void {
  const s = state();
  s.map.clear();
  s.generation += 1;
}
