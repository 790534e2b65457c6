/**
 * 200s built by `jsonOk` with a cache policy are reused in-process for `RESPONSE_MEMO_MS` (see
 * `./response-memo`): a repeat within that second is answered from the kept text, with the same
 * headers and ETag, without calling the handler. A healthy answer is always kept; a degraded one
 * (warnings, `no-store`) only when no read under it left a retry pending (the build's read
 * report, `lib/snapshot/read-opts`), so a failure is never served again in place of a new
 * attempt. A settled degraded answer is kept until the earliest moment it could change (the
 * report's `settledUntilMs`: a cooldown's end, a budget window's end, a copy's fresh end), so a
 * failing or over-budget source costs no more than a healthy one.
 */
import { publicOrigin } from "./origin";
import { isCacheable } from "./body";
import { rememberSerialised, serialisedOf, type SerialisedBody } from "./response-facts";
import { keptForMs, memoGeneration, responseMemo, responseMemoKey } from "./response-memo";
import type { RouteGet } from "./route-get";

function replay(kept: SerialisedBody): Response {
  const res = new Response(kept.text, { status: 200, headers: kept.headers });
  rememberSerialised(res, kept);
  return res;
}

export function withMemo(get: RouteGet, now: () => number): RouteGet {
  return async (request, readOpts) => {
    const key = responseMemoKey(request.url, publicOrigin(request));
    const kept = responseMemo().get(key, now());
    if (kept) return replay(kept);
    const generation = memoGeneration();
    const res = await get(request, readOpts);
    if (generation !== memoGeneration()) return res; // cleared meanwhile: this answer is from before
    const built = serialisedOf(res);
    const { report } = readOpts;
    const healthy = isCacheable(res);
    if (built?.reusable && res.status === 200 && (healthy || !report.retryPending))
      responseMemo().set(key, built, now(), keptForMs(healthy, report.settledUntilMs, now()));
    return res;
  };
}
