/**
 * Helpers shared by every KV driver: the per-operation time budget, JSON encoding with
 * `corrupt`/`rejected` errors, TTL validation and the "store closed" error.
 */
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { KvError, type KvStore } from "./types";

export type KvDriverName = KvStore["driver"];

/** Anything that is not already a `KvError` is turned into one by the driver's classifier. */
export type ErrorClassifier = (error: unknown) => KvError;

/** A clock in milliseconds since the epoch; injectable so TTL tests need not sleep. */
export type Clock = () => number;

/**
 * Runs `work` under a budget of `timeoutMs`. Past the budget the caller gets a `timeout`
 * `KvError` at once; the abandoned work keeps running but its outcome is swallowed, so it can
 * never surface as an unhandled rejection. Errors thrown by `work` go through `classify`.
 *
 * The expiry waits one event-loop turn (`setImmediate`) before rejecting: Node runs expired
 * timers before the I/O callbacks that became ready meanwhile, so on a busy loop (a burst of
 * requests) a reply that had already arrived would otherwise lose to its own timer and be
 * counted as a timeout — and a timed-out read bypasses the cache and the cross-instance lock.
 */
export async function withBudget<T>(
  driver: KvDriverName,
  op: string,
  timeoutMs: number,
  classify: ErrorClassifier,
  work: (deadline: number) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  let turn: NodeJS.Immediate | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      turn = setImmediate(() =>
        reject(
          new KvError("timeout", driver, `${driver} ${op} exceeded its ${timeoutMs} ms budget`),
        ),
      );
    }, timeoutMs);
  });
  const running = Promise.resolve().then(() => work(deadline));
  running.catch(() => undefined);
  try {
    return await Promise.race([running, expired]);
  } catch (error) {
    throw error instanceof KvError ? error : classify(error);
  } finally {
    clearTimeout(timer);
    if (turn) clearImmediate(turn);
  }
}

/** JSON-encodes a value; `undefined`, functions, BigInt and cycles are refused (`rejected`). */
export function encodeValue(driver: KvDriverName, value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new KvError("rejected", driver, "value is not JSON-serialisable", { cause: error });
  }
  if (json === undefined) throw new KvError("rejected", driver, "value is not JSON-serialisable");
  return json;
}

/** Parses a stored JSON string; anything else is `corrupt`. */
export function decodeValue<T>(driver: KvDriverName, raw: unknown): T {
  if (typeof raw !== "string") {
    throw new KvError("corrupt", driver, `stored value is a ${typeof raw}, not a JSON string`);
  }
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    throw new KvError("corrupt", driver, "stored value is not valid JSON", { cause: error });
  }
}

/** The count held by a counter key (`incr`); anything but a whole number is `corrupt`. */
export function counterValue(driver: KvDriverName, raw: unknown): number {
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n)) throw new KvError("corrupt", driver, "counter is not an integer");
  return n;
}

/** Validates a TTL in seconds (> 0, finite) and returns it in whole milliseconds. */
export function ttlToMs(driver: KvDriverName, ttlSeconds: number): number {
  if (typeof ttlSeconds !== "number" || !Number.isFinite(ttlSeconds) || ttlSeconds <= 0) {
    throw new KvError("rejected", driver, "TTL must be a finite number of seconds > 0");
  }
  return Math.ceil(ttlSeconds * MS_PER_SECOND);
}

export function assertKey(driver: KvDriverName, key: string): void {
  if (typeof key !== "string" || key.length === 0) {
    throw new KvError("rejected", driver, "key must be a non-empty string");
  }
}

export function closedError(driver: KvDriverName): KvError {
  return new KvError("unavailable", driver, `${driver} store is closed`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Node system error code (ENOENT, ECONNREFUSED, ...) of an error or of its cause chain. */
export function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
