/**
 * The one timeout/abort helper, on the platform's `AbortSignal.timeout` / `AbortSignal.any`.
 * `raceSignal` stops a caller *waiting* when a signal aborts; the work goes on (it may be shared,
 * so one caller giving up never cancels what others wait on). `CallDeadline` is one call's time
 * budget: one signal that aborts on timeout, on the caller's signal, or when the body is dropped.
 * `WaitBudget` is shared work's wait budget: how long its callers wait on it, whoever joins when;
 * `withWaitBudget` gives a request's signal the same budget, so its waits add up to no more.
 */
import { getMaxListeners, setMaxListeners } from "node:events";

export class AbortedError extends Error {
  constructor() {
    super("The request was aborted.");
    this.name = "AbortError";
  }
}

/** One request waits on about a dozen reads at once; Node warns past 10 listeners. */
export const SIGNAL_LISTENER_CAP = 64;

/** Settles like `promise`, or rejects with `reason()` as soon as `signal` aborts. */
export function raceSignal<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  reason: () => unknown = () => new AbortedError(),
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(reason());
  }
  if (getMaxListeners(signal) < SIGNAL_LISTENER_CAP) setMaxListeners(SIGNAL_LISTENER_CAP, signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        // Passed through untouched: `fetch` errors come from another realm under test runners.
        reject(error);
      },
    );
  });
}

export type AbortCause = "timeout" | "caller" | "discarded";

/** One call's time budget: connecting, headers and the whole body (a dripping server times out). */
export class CallDeadline {
  readonly signal: AbortSignal;
  readonly #timeout: AbortSignal;
  readonly #discard = new AbortController();

  constructor(timeoutMs: number, callerSignal?: AbortSignal) {
    this.#timeout = AbortSignal.timeout(timeoutMs);
    const sources = [this.#timeout, this.#discard.signal];
    this.signal = AbortSignal.any(callerSignal ? [...sources, callerSignal] : sources);
  }

  /** Why the call was aborted, if it was (the first source to abort). */
  get cause(): AbortCause | undefined {
    if (!this.signal.aborted) return undefined;
    if (this.signal.reason === this.#timeout.reason) return "timeout";
    if (this.signal.reason === this.#discard.signal.reason) return "discarded";
    return "caller";
  }

  /** Drops the call (a body too large, a status that is not an answer). */
  discard(): void {
    this.#discard.abort();
  }

  race<T>(promise: Promise<T>): Promise<T> {
    return raceSignal(promise, this.signal, () => new Error("aborted"));
  }
}

/**
 * Shared work's wait budget, from when the work starts: a caller with a signal stops waiting when
 * the budget ends (or its own signal aborts), however late it joined; the work goes on. A caller
 * without a signal (a script) waits for the work itself.
 */
export class WaitBudget {
  readonly #ends: AbortSignal;

  constructor(budgetMs: number) {
    this.#ends = AbortSignal.timeout(budgetMs);
  }

  /** Whether a caller stopped waiting because a wait budget ended (the work's or its own). */
  cutShort(callerSignal: AbortSignal | undefined): boolean {
    return this.#ends.aborted || timedOut(callerSignal);
  }

  race<T>(promise: Promise<T>, callerSignal: AbortSignal | undefined): Promise<T> {
    if (!callerSignal) return promise;
    // Two races, not `AbortSignal.any`: Node 20 keeps a composite over a timeout signal alive for
    // good, one per waiter (nodejs/node#54614).
    return raceSignal(raceSignal(promise, this.#ends), callerSignal);
  }
}

/**
 * `signal`, also aborted `budgetMs` from now: a request's reads wait that long in all; `end()`
 * drops the timer once the request is answered, so nothing of it outlives the answer. A timer and
 * a controller rather than `AbortSignal.any` over `AbortSignal.timeout`, which Node 20 keeps alive
 * for good (one per request: nodejs/node#54614).
 */
export function withWaitBudget(
  signal: AbortSignal,
  budgetMs: number,
): { signal: AbortSignal; end: () => void } {
  const budget = new AbortController();
  const end = () => {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  };
  const onAbort = () => {
    end();
    budget.abort(signal.reason);
  };
  const timer = setTimeout(() => {
    end();
    budget.abort(new DOMException("The wait budget ended.", "TimeoutError"));
  }, budgetMs);
  timer.unref();
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  return { signal: budget.signal, end };
}

function timedOut(signal: AbortSignal | undefined): boolean {
  const reason: unknown = signal?.aborted ? signal.reason : undefined;
  return reason instanceof DOMException && reason.name === "TimeoutError";
}
