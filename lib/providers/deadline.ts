/**
 * One call's time budget: a single AbortController aborted when the budget runs out, when the
 * caller's signal aborts, or when the body must be dropped (too large / non-2xx). The budget
 * covers connecting, headers and the whole body, so a server that drips bytes still times out.
 */
export type AbortCause = "timeout" | "caller" | "discarded";

export class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly detachCaller: () => void;
  private abortCause: AbortCause | undefined;

  constructor(timeoutMs: number, callerSignal?: AbortSignal) {
    this.timer = setTimeout(() => this.abort("timeout"), timeoutMs);
    if (callerSignal?.aborted) {
      this.abort("caller");
      this.detachCaller = () => undefined;
    } else if (callerSignal) {
      const onAbort = () => this.abort("caller");
      callerSignal.addEventListener("abort", onAbort, { once: true });
      this.detachCaller = () => callerSignal.removeEventListener("abort", onAbort);
    } else {
      this.detachCaller = () => undefined;
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the call was aborted, if it was. */
  get cause(): AbortCause | undefined {
    return this.abortCause;
  }

  abort(cause: AbortCause): void {
    if (this.abortCause !== undefined) return;
    this.abortCause = cause;
    this.controller.abort();
  }

  /** Settles like `promise`, or rejects as soon as the call is aborted, whichever comes first. */
  race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    if (signal.aborted) {
      promise.catch(() => undefined);
      return Promise.reject(new Error("aborted"));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(new Error("aborted"));
      signal.addEventListener("abort", onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener("abort", onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onAbort);
          // Passed through untouched: `fetch` errors come from another realm under test
          // runners, so `instanceof Error` is not reliable, and their `cause` is needed.
          reject(error);
        },
      );
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.detachCaller();
  }
}
