/**
 * Does the read layer's in-process copy pay? A/B of warm `GET /api/stablecoin-intel?q=usdc`
 * served by the route handler behind a bare node:http server (no Next, so the difference is the
 * read layer's alone), on the file store and the fake upstream: (A) as shipped; (B) this
 * process' copies forgotten before every request, so each request reads, parses and validates
 * every entry from the store (what a read layer without in-process reuse does).
 *
 * With a third argument, every store operation is delayed by that many ms (a slow KV).
 * Runs with NODE_ENV=production, as the server does.
 *
 *   npx tsx scripts/bench/local-copies.ts [seconds=5] [connections=16] [kvDelayMs=0]
 */
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startFakeUpstream, DEMO_DUNE_QUERY_IDS } from "../../tests/fake-upstream/server";

const DEFAULT_SECONDS = 5;
const DEFAULT_CONNECTIONS = 16;
const INTEL = "/api/stablecoin-intel?q=usdc";

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? DEFAULT_SECONDS);
  const connections = Number(process.argv[3] ?? DEFAULT_CONNECTIONS);
  const kvDelayMs = Number(process.argv[4] ?? 0);
  const fake = await startFakeUpstream({ port: 0 });
  const kvDir = mkdtempSync(path.join(os.tmpdir(), "local-copies-"));
  Object.assign(process.env, fake.baseUrls, DEMO_DUNE_QUERY_IDS, {
    DUNE_API_KEY: "demo-read-key-not-a-secret",
    KV_DIR: kvDir,
    COINGECKO_CALLS_PER_MINUTE: "1000000",
    KV_TIMEOUT_MS: "2000",
    DEXSCREENER_CALLS_PER_MINUTE: "1000000",
  });
  const route = await import("../../app/api/stablecoin-intel/route");
  const { forgetLocalState } = await import("../../lib/snapshot/local-state");
  if (kvDelayMs > 0) {
    const { createKv, setKvForTests } = await import("../../lib/kv");
    const { getConfig } = await import("../../lib/config");
    const inner = createKv(getConfig().kv);
    const late = <T>(p: Promise<T>) =>
      new Promise<T>((resolve, reject) => setTimeout(() => p.then(resolve, reject), kvDelayMs));
    setKvForTests({
      driver: inner.driver,
      get: (k) => late(inner.get(k)),
      set: (k, v, t) => late(inner.set(k, v, t)),
      delete: (k) => late(inner.delete(k)),
      setIfAbsent: (k, v, t) => late(inner.setIfAbsent(k, v, t)),
      incr: (k, t) => late(inner.incr(k, t)),
      close: () => inner.close(),
    });
  }
  let forget = false;
  const server = http.createServer(async (req, res) => {
    if (forget) forgetLocalState();
    const r = await route.GET(new Request(`http://local${req.url}`));
    res.writeHead(r.status, { "content-type": "application/json" });
    res.end(Buffer.from(await r.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const url = `http://127.0.0.1:${address.port}${INTEL}`;
  try {
    await fetch(url).then((r) => r.text());
    for (const [label, on] of [
      ["A: in-process copies (as shipped)", false],
      ["B: copies forgotten per request (store read each time)", true],
      ["A again", false],
      ["B again", true],
    ] as const) {
      forget = on;
      const r = await autocannon({ url, connections, duration: seconds });
      console.log(
        `${label}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, ` +
          `p99 ${r.latency.p99} ms, max ${r.latency.max} ms, non-2xx ${r.non2xx}`,
      );
    }
  } finally {
    server.close();
    await fake.close();
    rmSync(kvDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
