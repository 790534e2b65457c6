// Runs once when the Next.js server boots: an invalid environment stops start-up with a
// message naming the variable (lib/config).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("@/lib/config");
  getConfig();
}
