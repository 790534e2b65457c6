// Runs once when the Next.js server boots: an invalid environment stops start-up with a
// message naming the variable (lib/config); TRACE gets the routes' 405 JSON instead of the 500
// Next answers it with (lib/api/method-guard.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("@/lib/config");
  getConfig();
  const { installMethodGuard } = await import("@/lib/api/method-guard");
  await installMethodGuard();
}
