/**
 * The signature of a route's GET logic: the request, and this request's read options — its abort
 * signal and the report its reads fill (`lib/snapshot/read-opts`), handed explicitly to the
 * builders and readers. The wrappers around the logic (`./route`, `./with-memo`) read the report
 * after the build.
 */
import { withWaitBudget } from "@/lib/abort";
import { getConfig } from "@/lib/config";
import { newReadReport, type ReadOpts, type ReadReport } from "@/lib/snapshot/read-opts";

export type RequestReadOpts = ReadOpts & { report: ReadReport };

export type RouteGet = (request: Request, readOpts: RequestReadOpts) => Promise<Response>;

/**
 * A fresh set of read options for one build of an answer to `request`: its reads wait on
 * provider calls `REQUEST_WAIT_BUDGET_MS` in all from the first read, then answer degraded
 * (the budget's timer is made only when a read asks for the signal: a memo replay reads nothing).
 * `done()` once the answer is built drops the timer.
 */
export function requestReadOpts(request: Request): RequestReadOpts & { done: () => void } {
  let budget: ReturnType<typeof withWaitBudget> | undefined;
  return {
    get signal() {
      budget ??= withWaitBudget(request.signal, getConfig().providers.requestWaitMs);
      return budget.signal;
    },
    report: newReadReport(),
    done: () => budget?.end(),
  };
}
