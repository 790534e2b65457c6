/**
 * Healthy answers built by `jsonOk` are reused in-process for `RESPONSE_MEMO_MS` (see
 * `./response-memo`): a repeat within that second is answered from the kept text, with the same
 * headers and ETag, without calling the handler.
 */
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
    const res = await get(request);
    const built = serialisedOf(res);
    if (built && isCacheable(res)) memo.set(key, built, now());
    return res;
  };
}
