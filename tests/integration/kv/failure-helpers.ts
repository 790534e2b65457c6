/** Shared assertions for the KV failure suites. */
import { KvError, type KvErrorKind } from "@/lib/kv/types";

/** Well above the 150 ms default budget, far below @upstash/redis' ~4 s default retry storm. */
export const WITHIN_BUDGET_MS = 1_000;
export const RECOVERY_DEADLINE_MS = 10_000;
/**
 * Per-test timeout for the KV integration files. Jest only honours `testTimeout` from the
 * global config, so the integration project's `testTimeout: 30_000` does not apply (5 s).
 */
export const KV_TEST_TIMEOUT_MS = 30_000;
const RECOVERY_POLL_MS = 50;

export interface Outcome {
  error: KvError;
  elapsedMs: number;
}

/** Awaits an operation expected to fail and reports the KvError plus how long it took. */
export async function failure(op: () => Promise<unknown>): Promise<Outcome> {
  const started = performance.now();
  const error = await op().then(
    (value) => new Error(`expected a KvError, got ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  const elapsedMs = performance.now() - started;
  if (!(error instanceof KvError)) throw error;
  return { error, elapsedMs };
}

export async function expectFastFailure(
  op: () => Promise<unknown>,
  kinds: KvErrorKind[],
): Promise<Outcome> {
  const outcome = await failure(op);
  expect(kinds).toContain(outcome.error.kind);
  expect(outcome.elapsedMs).toBeLessThan(WITHIN_BUDGET_MS);
  return outcome;
}

/** Retries `op` until it succeeds (recovery after a restart), failing after a deadline. */
export async function eventually<T>(op: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RECOVERY_DEADLINE_MS;
  for (;;) {
    try {
      return await op();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, RECOVERY_POLL_MS));
    }
  }
}

/** Collects unhandled rejections during a suite; the suite asserts there were none. */
export function trackUnhandledRejections(): { readonly reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = [];
  const onRejection = (reason: unknown) => reasons.push(reason);
  process.on("unhandledRejection", onRejection);
  return { reasons, stop: () => process.off("unhandledRejection", onRejection) };
}
