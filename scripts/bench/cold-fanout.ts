/**
 * Issue item 2: a cold intel request fans out to every provider in parallel, so it costs about
 * the slowest provider, not the sum; a hanging provider costs its time budget, not more.
 * "Cold" = an empty cache on a running server: each sample first serves the same request with
 * every provider healthy (code paths and provider connections warm, backoff cleared), then
 * empties the store (file store: its directory removed; Redis: FLUSHALL) and times the request
 * under the scenario.
 */
import type { FakeUpstream } from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { flushRedis } from "./coalescing";
import { median, timedGet, type Timed } from "./load";
import { INTEL_PATH, loadRouteBundle, memosLapse, slowAll, upstreamCounts } from "./scenarios";
import { fmt, table, type Goal, type Section } from "./report";
import { startNextApp, type NextApp } from "./servers";
import { emptyStoreDir, upstreamSettled } from "./store-dir";

export const SLOW_MS = 300;
export const HANG_PROVIDER = "dexscreener";
/** PROVIDER_TIMEOUT_MS of the measured servers (the hanging provider's budget). */
export const HANG_BUDGET_MS = 1_000;

interface Sample extends Timed {
  warnings: number;
  upstreamCalls: number;
}

async function coldSample(
  fake: FakeUpstream,
  app: NextApp,
  empty: () => Promise<void>,
  arrange: () => void,
): Promise<Sample> {
  fake.resetScenarios();
  const warm = await timedGet(app.url + INTEL_PATH);
  if (warm.status !== 200) throw new Error(`cold fan-out warm-up: HTTP ${warm.status}`);
  await upstreamSettled(fake);
  await empty();
  arrange();
  fake.clearRequests();
  try {
    const r = await timedGet(app.url + INTEL_PATH);
    const calls = [...upstreamCounts(fake).values()].reduce((a, b) => a + b, 0);
    let warnings = -1;
    try {
      warnings = (JSON.parse(r.body) as { warnings?: unknown[] }).warnings?.length ?? 0;
    } catch {
      // reported as -1
    }
    return { ...r, warnings, upstreamCalls: calls };
  } finally {
    fake.resetScenarios();
  }
}

export async function coldFanout(
  fake: FakeUpstream,
  redis: RedisServer,
  samples: number,
): Promise<Section> {
  const env = { PROVIDER_TIMEOUT_MS: String(HANG_BUDGET_MS) };
  const stores: { name: string; app: NextApp; empty: () => Promise<void> }[] = [];
  const runs: { store: string; first: number; slow: Sample[]; hang: Sample[] }[] = [];
  try {
    const fileApp = await startNextApp({ fake, env });
    stores.push({
      name: "file store",
      app: fileApp,
      empty: async () => {
        await emptyStoreDir(fileApp.kvDir!);
        await memosLapse();
      },
    });
    await flushRedis(redis.url);
    const redisApp = await startNextApp({ fake, env, redisUrl: redis.url });
    stores.push({ name: "Redis", app: redisApp, empty: () => flushRedis(redis.url) });
    for (const st of stores) {
      // Informational: the very first request of the process (cold code as well as cold cache).
      await loadRouteBundle(st.app);
      slowAll(fake, SLOW_MS);
      fake.clearRequests();
      const first = await timedGet(st.app.url + INTEL_PATH);
      fake.resetScenarios();
      const run = {
        store: st.name,
        first: first.ms,
        slow: [] as Sample[],
        hang: [] as Sample[],
      };
      for (let i = 0; i < samples; i++) {
        run.slow.push(await coldSample(fake, st.app, st.empty, () => slowAll(fake, SLOW_MS)));
        run.hang.push(
          await coldSample(fake, st.app, st.empty, () => fake.setScenario(HANG_PROVIDER, "hang")),
        );
      }
      runs.push(run);
    }
  } finally {
    await Promise.all(stores.map((s) => s.app.stop()));
  }
  const slowLimit = 1.3 * SLOW_MS;
  const hangLimit = HANG_BUDGET_MS + 100;
  const ok = (xs: Sample[]) => xs.every((s) => s.status === 200);
  const med = (xs: Sample[]) => median(xs.map((s) => s.ms));
  const spread = (xs: Sample[]) =>
    `median ${fmt.ms(med(xs))} (max ${fmt.ms(Math.max(...xs.map((s) => s.ms)))})`;
  const goals: Goal[] = [
    {
      item: "2",
      what: `cold intel, every provider slowed by ${SLOW_MS} ms`,
      goal: `< 1.3 × ${SLOW_MS} ms = ${slowLimit} ms`,
      observed: runs.map((r) => `${r.store}: ${spread(r.slow)}`).join("; "),
      pass: runs.every((r) => ok(r.slow) && med(r.slow) < slowLimit),
    },
    {
      item: "2",
      what: `cold intel, ${HANG_PROVIDER} hanging (budget ${HANG_BUDGET_MS} ms)`,
      goal: `< ${HANG_BUDGET_MS} + 100 ms`,
      observed: runs.map((r) => `${r.store}: ${spread(r.hang)}`).join("; "),
      pass: runs.every((r) => ok(r.hang) && med(r.hang) < hangLimit),
    },
  ];
  const distinct = (xs: Sample[], f: (s: Sample) => number) => [...new Set(xs.map(f))].join(", ");
  const rows = runs.flatMap((r) =>
    (
      [
        [`all providers \`slow\` ${SLOW_MS} ms`, r.slow, slowLimit],
        [`\`${HANG_PROVIDER}\` \`hang\`, budget ${HANG_BUDGET_MS} ms`, r.hang, hangLimit],
      ] as const
    ).map(([label, xs, limit]) => [
      r.store,
      label,
      xs.map((s) => fmt.ms(s.ms)).join(", "),
      `**${fmt.ms(med(xs))}**`,
      `< ${fmt.ms(limit)}`,
      distinct(xs, (s) => s.status),
      distinct(xs, (s) => s.warnings),
      distinct(xs, (s) => s.upstreamCalls),
    ]),
  );
  const body = [
    `${samples} samples per store and scenario of \`GET ${INTEL_PATH}\` on a running server ` +
      "(PROVIDER_TIMEOUT_MS=" +
      HANG_BUDGET_MS +
      "): the same request first with every provider " +
      "healthy (warm code and connections), then the store emptied, then the timed request with " +
      "the scenario applied. Time = client-side, request sent to last body byte, loopback.",
    "",
    table(
      ["Store", "Scenario", "Each", "Median", "Goal", "Status", "Warnings", "Upstream calls"],
      rows,
    ),
    "",
    "With a hanging provider the answer is a degraded 200 (one warning, `Cache-Control: " +
      "no-store`) as soon as that provider's budget runs out. Not a goal, for reference: the " +
      "first intel request of a fresh process (cold code as well as cold cache; route bundle " +
      `already loaded), providers slow ${SLOW_MS} ms: ` +
      runs.map((r) => `${r.store} ${fmt.ms(r.first)}`).join(", ") +
      ".",
  ].join("\n");
  return { title: "2. Cold fan-out", body, goals };
}
