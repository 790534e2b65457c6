/**
 * What building an answer spent, as the rate limiter charges it (`./rate-limit`): a Response is
 * marked when its answer needed a provider call. The mark comes from the answer's own result
 * (`upstream` on the domain results, set from each read's `source`), handed over explicitly by
 * `jsonOk` / the route — never from a shared counter or a context channel. A Response replayed
 * from the answer memo is a new object without the mark: it spent nothing.
 */
const SPENT_UPSTREAM = new WeakSet<Response>();

/** Marks `res` as an answer that needed a provider call (when `upstream`); returns it. */
export function noteUpstream(res: Response, upstream: boolean): Response {
  if (upstream) SPENT_UPSTREAM.add(res);
  return res;
}

export function spentUpstream(res: Response): boolean {
  return SPENT_UPSTREAM.has(res);
}
