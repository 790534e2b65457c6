/**
 * `npm run openapi:examples`: records one real 200 body per public route from the demo world
 * (the bundled fake upstream and its call budgets, as `npm run demo` serves it) into lib/api/openapi/examples/, where
 * the OpenAPI document takes its examples from. Arrays are cut to their first
 * `EXAMPLE_ARRAY_ITEMS` items so the document stays readable; the own history's route is
 * recorded after the last few passes of the demo's seeding (`EXAMPLE_HISTORY_SAMPLES`). Tests
 * validate every example against its schema (tests/unit/api/openapi-document.test.ts) and its
 * shape against a live answer (tests/integration/routes/contract.test.ts). Re-run after a body
 * changes.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_DUNE_QUERY_IDS, startFakeUpstream } from "../tests/fake-upstream/server";
import { DEMO_CALL_BUDGET_ENV, seedDemoHistory } from "./demo-history";

const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "lib/api/openapi/examples");
/** Items kept from each array of a recorded body. */
export const EXAMPLE_ARRAY_ITEMS = 2;
const ORIGIN = "http://localhost";

type Handler = (request: Request) => Promise<Response>;

/** Example file → the request recorded for it (the route module is found from its path). */
const RECORDINGS: Record<string, string> = {
  intel: "/api/stablecoin-intel?q=usdc",
  supply: "/api/stablecoin-supply",
  issuers: "/api/stablecoin-issuers",
  chains: "/api/stablecoin-chains",
  pools: "/api/stablecoin-pools?q=usdc&size_usd=1000000",
  "exit-cost": "/api/stablecoin-exit-cost?q=usdc",
  risk: "/api/stablecoin-risk?q=usdc",
  "peg-history": "/api/stablecoin-peg-history?q=usdc&window=7d",
  flows: "/api/stablecoin-flows?q=usdc",
  depegs: "/api/stablecoin-depegs?q=usdc&window=365d",
  history: "/api/stablecoin-history?q=usdc&window=7d",
  events: "/api/stablecoin-events?q=usdc&window=365d",
  health: "/api/health",
};

/**
 * Samples of the demo's own history seeded (its real sampler, the last few passes of its week)
 * before the routes that read it are recorded, so their examples show points.
 */
export const EXAMPLE_HISTORY_SAMPLES = 3;
/** The recordings that read the own history (seeded first). */
const HISTORY_RECORDINGS = new Set(["history"]);

/** Cut every array to its first `EXAMPLE_ARRAY_ITEMS` items, recursively. */
export function trimExample(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ARRAY_ITEMS).map(trimExample);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimExample(v)]));
  return value;
}

async function main(): Promise<void> {
  const fake = await startFakeUpstream({ port: 0 });
  const kvDir = mkdtempSync(path.join(os.tmpdir(), "openapi-examples-kv-"));
  Object.assign(process.env, DEMO_CALL_BUDGET_ENV, fake.baseUrls, DEMO_DUNE_QUERY_IDS, {
    DUNE_API_KEY: "demo-read-key-not-a-secret",
    KV_DIR: kvDir,
  });
  for (const k of ["REDIS_URL", "KV_REST_API_URL", "KV_REST_API_TOKEN", "COINGECKO_API_KEY"])
    delete process.env[k];
  try {
    for (const [file, url] of Object.entries(RECORDINGS)) {
      if (HISTORY_RECORDINGS.has(file))
        await seedDemoHistory(fake, { maxSamples: EXAMPLE_HISTORY_SAMPLES });
      const route = (await import(`../app${new URL(url, ORIGIN).pathname}/route`)) as {
        GET: Handler;
      };
      const res = await route.GET(new Request(ORIGIN + url));
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      const body = trimExample(await res.json());
      writeFileSync(path.join(OUT_DIR, `${file}.json`), JSON.stringify(body, null, 2) + "\n");
      console.log(`recorded ${url} → lib/api/openapi/examples/${file}.json`);
    }
  } finally {
    await fake.close();
    rmSync(kvDir, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
