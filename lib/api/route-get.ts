/**
 * The signature of a route's GET logic: the request, and this request's read options — its abort
 * signal and the report its reads fill (`lib/snapshot/read-opts`), handed explicitly to the
 * builders and readers. The wrappers around the logic (`./route`, `./with-memo`) read the report
 * after the build.
 */
import { newReadReport, type ReadOpts, type ReadReport } from "@/lib/snapshot/read-opts";

export type RequestReadOpts = ReadOpts & { report: ReadReport };

export type RouteGet = (request: Request, readOpts: RequestReadOpts) => Promise<Response>;

/** A fresh set of read options for one build of an answer to `request`. */
export function requestReadOpts(request: Request): RequestReadOpts {
  return { signal: request.signal, report: newReadReport() };
}
