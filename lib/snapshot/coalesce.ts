/**
 * In-process request coalescing: concurrent reads of one key share one promise. The shared
 * work never sees a caller's AbortSignal — one caller giving up never cancels the read the
 * others wait on; each caller only stops *waiting*. A leader that fails or throws settles every
 * waiter with the same error, and the key is freed so the next request reads again.
 */
import { getMaxListeners, setMaxListeners } from "node:events";
import { telemetry } from "@/lib/telemetry";

/** Bound on distinct in-flight keys, so a flood of distinct keys cannot grow memory without limit. */
export const MAX_INFLIGHT_KEYS = 1_000;

export class AbortedError extends Error {
  constructor() {
    super("The request was aborted.");
    this.name = "AbortError";
  }
}

/**
 * One request fans out to about a dozen reads, each waiting on the caller's signal (listeners are
 * removed as each read settles). Above Node's default of 10 every request printed a
 * MaxListenersExceededWarning, with a stack capture and a synchronous stderr write.
 */
export const SIGNAL_LISTENER_CAP = 64;

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new AbortedError());
  if (getMaxListeners(signal) < SIGNAL_LISTENER_CAP) setMaxListeners(SIGNAL_LISTENER_CAP, signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

export class Coalescer {
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(private readonly scope: string) {}

  get size(): number {
    return this.inflight.size;
  }

  run<T>(key: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const existing = this.inflight.get(key) as Promise<T> | undefined;
    if (existing) {
      telemetry.recordCache(this.scope, "coalesced");
      return raceAbort(existing, signal);
    }
    if (this.inflight.size >= MAX_INFLIGHT_KEYS) {
      // Degrade to an uncoalesced call rather than grow without bound.
      return raceAbort(work(), signal);
    }
    const shared = (async () => {
      try {
        return await work();
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, shared);
    // The shared promise may settle after every waiter aborted: never leave it unhandled.
    shared.catch(() => undefined);
    return raceAbort(shared, signal);
  }
}
