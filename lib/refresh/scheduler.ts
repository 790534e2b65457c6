/**
 * The in-process refresher: one pass every `REFRESH_INTERVAL_SECONDS`, started once per process
 * by instrumentation.ts under `next start` (never during `next build`, never in tests unless a
 * test calls `startRefresher` itself). A tick that finds the previous pass still running is
 * skipped (no overlapping runs here; the store's pass lock keeps other instances out too).
 */
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { DEFAULT_LEAD_MS, MIN_LEAD_MS } from "./constants";
import { runRefreshPass, type PassResult } from "./pass";

/** How early items are warmed: the next pass comes one interval later. */
export function leadMsFor(intervalSeconds: number | undefined): number {
  return intervalSeconds === undefined
    ? DEFAULT_LEAD_MS
    : Math.max(MIN_LEAD_MS, intervalSeconds * MS_PER_SECOND);
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.refresher");
type Slot = { stop(): void; passes: number };
type GlobalWithRefresher = typeof globalThis & { [GLOBAL_SLOT]?: Slot };

/** Only a failed pass is logged: a partial one is the normal state of a market over budget. */
function logPass(result: PassResult): void {
  if (result.outcome !== "failed") return;
  console.warn(`refresher: pass failed: ${result.run.reason ?? ""}`);
}

/** Passes the in-process refresher finished in this process (tests, diagnostics). */
export function refresherPasses(): number {
  return (globalThis as GlobalWithRefresher)[GLOBAL_SLOT]?.passes ?? 0;
}

/** Starts the interval (once per process); returns its stop function. */
export function startRefresher(intervalSeconds: number): () => void {
  const slot = globalThis as GlobalWithRefresher;
  if (slot[GLOBAL_SLOT]) return slot[GLOBAL_SLOT].stop;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runRefreshPass({ trigger: "interval", leadMs: leadMsFor(intervalSeconds) })
      .then(logPass, (e: unknown) =>
        console.warn("refresher: pass failed:", e instanceof Error ? e.name : "error"),
      )
      .finally(() => {
        running = false;
        if (slot[GLOBAL_SLOT]) slot[GLOBAL_SLOT].passes += 1;
      });
  };
  const timer = setInterval(tick, intervalSeconds * MS_PER_SECOND);
  timer.unref();
  const first = setTimeout(tick, 0);
  first.unref();
  const stop = () => {
    clearInterval(timer);
    clearTimeout(first);
    delete slot[GLOBAL_SLOT];
  };
  slot[GLOBAL_SLOT] = { stop, passes: 0 };
  return stop;
}
