/**
 * 200s built by `jsonOk` with a cache policy are reused in-process for `RESPONSE_MEMO_MS` (see
 * `./response-memo`): a repeat within that second is answered from the kept text, with the same
 * headers and ETag, without calling the handler. A healthy answer is always kept; a degraded one
 * (warnings, `no-store`) only when no read under it left a retry pending (the build's read
 * report, `lib/snapshot/read-opts`), so a failure is never served again in place of a new
 * attempt.
 * In the grace window after that second the kept text is still served while one background
 * build per key replaces it (or drops it when the new answer may not be kept).
 */
import { isCacheable, rememberSerialised, serialisedOf, type SerialisedBody } from "./body";
import {
  endRebuild,
  memoGeneration,
  responseMemo,
  responseMemoKey,
  startRebuild,
} from "./response-memo";
import { requestReadOpts, type RequestReadOpts, type RouteGet } from "./route-get";

function replay(kept: SerialisedBody): Response {
  const res = new Response(kept.text, { status: 200, headers: kept.headers });
  rememberSerialised(res, kept);
  return res;
}

/** Builds the answer and keeps it when it may be reused; a rebuild drops what it cannot keep. */
async function build(
  key: string,
  request: Request,
  readOpts: RequestReadOpts,
  get: RouteGet,
  now: () => number,
  rebuild: boolean,
) {
  const generation = memoGeneration();
  const res = await get(request, readOpts);
  const settled = !readOpts.report.retryPending;
  if (generation !== memoGeneration()) return res; // cleared meanwhile: this answer is from before
  const built = serialisedOf(res);
  const memo = responseMemo();
  if (built?.reusable && res.status === 200 && (settled || isCacheable(res)))
    memo.set(key, built, now());
  else if (rebuild) memo.delete(key);
  return res;
}

/** One background build of `key`, detached from the client's request (its abort signal). */
function rebuildInBackground(key: string, request: Request, get: RouteGet, now: () => number) {
  if (!startRebuild(key)) return;
  const detached = new Request(request.url, { headers: request.headers });
  build(key, detached, requestReadOpts(detached), get, now, true)
    .catch(() => responseMemo().delete(key))
    .finally(() => endRebuild(key));
}

export function withMemo(get: RouteGet, now: () => number): RouteGet {
  return async (request, readOpts) => {
    const key = responseMemoKey(request.url);
    const kept = responseMemo().lookup(key, now());
    if (!kept) return build(key, request, readOpts, get, now, false);
    if (kept.stale) rebuildInBackground(key, request, get, now);
    return replay(kept.value);
  };
}
