/**
 * A caller stops *waiting* on a shared read when its request is aborted; the shared work itself
 * never sees the caller's signal, so one caller giving up never cancels what others wait on.
 */
import { getMaxListeners, setMaxListeners } from "node:events";

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

export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
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
