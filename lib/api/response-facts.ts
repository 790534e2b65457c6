/**
 * The one side channel beside a Response this app built, keyed by the Response: the JSON text
 * `jsonOk` serialised (the ETag wrapper hashes it, the memo keeps it, without reading the stream
 * back) and whether building it needed a provider call (what the rate limiter charges, set from
 * the answer's own `upstream`). A memo replay is a new Response with its text and no call.
 */

/** A serialised answer: the exact body text, its headers, and its ETag once computed. */
export interface SerialisedBody {
  text: string;
  headers: [string, string][];
  etag?: string;
  /**
   * Whether this process may answer a repeat from this text for `RESPONSE_MEMO_MS`
   * (`./response-memo`): a data answer, healthy or degraded; never a body built with no cache
   * policy at all (the health report).
   */
  reusable: boolean;
}

interface ResponseFacts {
  serialised?: SerialisedBody;
  upstream?: true;
}

const FACTS = new WeakMap<Response, ResponseFacts>();

function factsOf(res: Response): ResponseFacts {
  let facts = FACTS.get(res);
  if (!facts) {
    facts = {};
    FACTS.set(res, facts);
  }
  return facts;
}

/** Marks `res` as an answer that needed a provider call (when `upstream`); returns it. */
export function noteUpstream(res: Response, upstream: boolean): Response {
  if (upstream) factsOf(res).upstream = true;
  return res;
}

export function spentUpstream(res: Response): boolean {
  return FACTS.get(res)?.upstream === true;
}

/** The text `jsonOk` built for `res`, if it built it. */
export function serialisedOf(res: Response): SerialisedBody | undefined {
  return FACTS.get(res)?.serialised;
}

/** Records the text behind `res` (built by `jsonOk`, or replayed from a kept answer). */
export function rememberSerialised(res: Response, body: SerialisedBody): void {
  factsOf(res).serialised = body;
}
