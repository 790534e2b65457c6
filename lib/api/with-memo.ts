/**
 * 200s built by `jsonOk` with a cache policy are reused in-process for `RESPONSE_MEMO_MS` (see
 * `./response-memo`): a repeat within that second is answered from the kept text, with the same
 * headers and ETag, without calling the handler. A healthy answer is always kept; a degraded one
 * (warnings, `no-store`) only when no read under it left a retry pending
 * (`lib/snapshot/answer-scope`), so a failure is never served again in place of a new attempt.
 */
import { withinAnswerScope } from "@/lib/snapshot/answer-scope";
import { isCacheable, rememberSerialised, serialisedOf } from "./body";
import { responseMemo, responseMemoKey } from "./response-memo";

export function withMemo(get: (request: Request) => Promise<Response>, now: () => number) {
  return async (request: Request): Promise<Response> => {
    const memo = responseMemo();
    const key = responseMemoKey(request.url);
    const kept = memo.get(key, now());
    if (kept) {
      const res = new Response(kept.text, { status: 200, headers: kept.headers });
      rememberSerialised(res, kept);
      return res;
    }
    const { value: res, settled } = await withinAnswerScope(() => get(request));
    const built = serialisedOf(res);
    if (built?.reusable && res.status === 200 && (settled || isCacheable(res)))
      memo.set(key, built, now());
    return res;
  };
}
