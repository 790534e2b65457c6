/**
 * `npm run refresh`: one refresher pass (lib/refresh/pass.ts), for cron or a systemd timer when
 * the in-process interval is off. Exit status: 0 when the pass ran (ok or partial) or another
 * instance holds the lock; 1 when it failed (no market list, the store unavailable). Prints a
 * one-line summary per family; never a key, URL or secret.
 */
import { getConfig } from "../lib/config";
import { getKv } from "../lib/kv";
import { runRefreshPass } from "../lib/refresh/pass";
import { leadMsFor } from "../lib/refresh/scheduler";

async function main(): Promise<number> {
  const config = getConfig();
  const result = await runRefreshPass({
    trigger: "script",
    leadMs: leadMsFor(config.refresh.intervalSeconds),
  });
  if (result.outcome === "locked") {
    console.log("refresh: another instance is running a pass; nothing to do.");
    return 0;
  }
  const { run } = result;
  console.log(`refresh: ${run.outcome} (${run.startedAt} → ${run.endedAt})`);
  if (run.reason) console.log(`refresh: ${run.reason}`);
  for (const [family, f] of Object.entries(run.families))
    console.log(
      `  ${family}: ${f.warmCoins}/${f.coins} coins warm; warmed ${f.warmed}, failed ${f.failed}, deferred ${f.deferred}`,
    );
  for (const [provider, b] of Object.entries(run.budget))
    console.log(`  ${provider}: ${b.spent} call(s) of ${b.allowance} allowed`);
  return run.outcome === "failed" ? 1 : 0;
}

main()
  .then(
    (code) => code,
    (e: unknown) => {
      console.error("refresh failed:", e instanceof Error ? e.name : "error");
      return 1;
    },
  )
  .then(async (code) => {
    await getKv()
      .close()
      .catch(() => undefined);
    process.exit(code);
  });
