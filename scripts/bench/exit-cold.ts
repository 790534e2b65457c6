/**
 * Issue 27 (b), the cold half of ./exit: `GET /api/stablecoin-exit-cost?q=usdc` with an empty
 * store while every provider of the fake answers after `SLOW_MS`, on freshly started servers
 * (judged) and, for reference, on a running server whose code is warm.
 */
import { ALL_PROVIDERS, type FakeUpstream } from "../../tests/fake-upstream/server";
import { flushRedis } from "./coalescing";
import { fanOutShape } from "./fan-out-shape";
import { SLOW_MS } from "./cold-fanout";
import { timedGet } from "./load";
import { memosLapse, upstreamCounts } from "./scenarios";
import { startNextApp, type NextApp } from "./servers";
import { emptyStoreDir, upstreamSettled } from "./store-dir";

export const EXIT_PATH = "/api/stablecoin-exit-cost?q=usdc";
/** A malformed selector: a 400 that loads the route's bundle and reads neither store nor provider. */
const EXIT_BUNDLE_PATH = "/api/stablecoin-exit-cost?q=%21";

export interface Store {
  name: string;
  redisUrl?: string;
}

export interface ColdSample {
  store: string;
  /** "fresh" = a newly started server; "running" = code warm, only the store emptied. */
  server: "fresh" | "running";
  status: number;
  ms: number;
  warnings: number;
  calls: number;
  /** Providers the fake saw during the timed request. */
  providers: string[];
  /** Dependent steps: a call starting after one of the current step answered opens the next. */
  waves: number;
  /** Time with at least one upstream call in flight (the union of the calls' intervals). */
  upstreamMs: number;
}

/** The timed request, every provider slowed, on `app` whose store is empty. */
async function timedCold(
  fake: FakeUpstream,
  app: NextApp,
  store: string,
  server: ColdSample["server"],
): Promise<ColdSample> {
  slowEvery(fake, SLOW_MS);
  fake.clearRequests();
  try {
    const r = await timedGet(app.url + EXIT_PATH);
    const log = fake.requests();
    let warnings = -1;
    try {
      warnings = (JSON.parse(r.body) as { warnings?: unknown[] }).warnings?.length ?? 0;
    } catch {
      // reported as -1
    }
    return {
      store,
      server,
      status: r.status,
      ms: r.ms,
      warnings,
      calls: [...upstreamCounts(fake).values()].reduce((a, b) => a + b, 0),
      providers: [...new Set(log.map((x) => x.provider))].sort(),
      ...fanOutShape(log.map((x) => ({ atMs: x.at, endMs: x.finishedAt ?? null }))),
    };
  } finally {
    fake.resetScenarios();
  }
}

/** Every provider of the fake (the core ones and the exit-cost sources) slowed by `delayMs`. */
export function slowEvery(fake: FakeUpstream, delayMs: number): void {
  for (const p of ALL_PROVIDERS) fake.setScenario(p, "slow", { delayMs });
}

export async function coldOnFreshServer(fake: FakeUpstream, store: Store): Promise<ColdSample> {
  if (store.redisUrl) await flushRedis(store.redisUrl);
  const app = await startNextApp({ fake, redisUrl: store.redisUrl });
  try {
    const bundle = await timedGet(app.url + EXIT_BUNDLE_PATH);
    if (bundle.status !== 400) throw new Error(`exit-cost bundle load: HTTP ${bundle.status}`);
    return await timedCold(fake, app, store.name, "fresh");
  } finally {
    await app.stop();
  }
}

/**
 * For reference, not judged: the same request on one running server per store whose code is
 * warm (a healthy answer first), its store emptied before each sample (as ./cold-fanout does).
 */
export async function coldOnRunningServer(
  fake: FakeUpstream,
  store: Store,
  samples: number,
): Promise<ColdSample[]> {
  if (store.redisUrl) await flushRedis(store.redisUrl);
  const app = await startNextApp({ fake, redisUrl: store.redisUrl });
  const out: ColdSample[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      fake.resetScenarios();
      const warm = await timedGet(app.url + EXIT_PATH);
      if (warm.status !== 200) throw new Error(`exit-cost warm-up: HTTP ${warm.status}`);
      await upstreamSettled(fake);
      if (store.redisUrl) await flushRedis(store.redisUrl);
      else {
        await emptyStoreDir(app.kvDir!);
        await memosLapse();
      }
      out.push(await timedCold(fake, app, store.name, "running"));
    }
  } finally {
    await app.stop();
  }
  return out;
}
