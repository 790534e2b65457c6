/**
 * The signature of a route's GET logic: the request, and this request's read options (its abort
 * signal, `lib/snapshot/read-opts`), handed explicitly to the builders and readers.
 */
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export type RequestReadOpts = ReadOpts;

export type RouteGet = (request: Request, readOpts: RequestReadOpts) => Promise<Response>;

/** The read options of one build of an answer to `request`. */
export function requestReadOpts(request: Request): RequestReadOpts {
  return { signal: request.signal };
}
