// Runs once when the Next.js server boots: an invalid environment ends the process with a
// message naming the variable and its rule (lib/config/fail-fast.ts: Next would otherwise catch
// the error and answer 500 on every route); TRACE gets the routes' 405 JSON instead of the 500
// Next answers it with (lib/api/method-guard.ts); with REFRESH_INTERVAL_SECONDS set, the
// scheduled refresher starts (lib/refresh/scheduler.ts) — not while `next build` prerenders.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { configOrExit } = await import("@/lib/config/fail-fast");
  configOrExit();
  const { getConfig } = await import("@/lib/config");
  const config = getConfig();
  const { installMethodGuard } = await import("@/lib/api/method-guard");
  await installMethodGuard();
  const interval = config.refresh.intervalSeconds;
  if (interval !== undefined && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startRefresher } = await import("@/lib/refresh/scheduler");
    startRefresher(interval);
  }
}
