/**
 * Which in-process reuse pays (issue 25 §8)? Warm `GET /api/stablecoin-intel?q=usdc` and
 * `/api/stablecoin-risk?q=usdc` served by their route handlers behind a bare node:http server (no
 * Next, so the difference is the app's own), on the fake upstream, with the file store and with
 * a real Redis, in four variants:
 *
 *   both        as shipped: the one-second response memo in front of the route logic, the read
 *               layer's in-process copies behind it
 *   memo off    the memo cleared before every request (every request builds its answer)
 *   copies off  the read layer keeps no in-process copy (every read goes to the store, parses
 *               and validates the entry; concurrent reads of a key still share one fill)
 *   neither     both of the above
 *
 * Each round measures every variant once, in an order rotated per round so a drift of the shared
 * box weighs on all alike; the table gives the median over rounds and each variant's ratio to
 * "both". With `kvDelayMs`, every store operation is delayed by that much (a store across a
 * network). Runs under NODE_ENV=production (copies unfrozen, as the server runs).
 *
 *   npx tsx scripts/bench/reuse.ts [seconds=5] [rounds=3] [connections=16] [kvDelayMs=0]
 */
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { clearResponseMemo } from "../../lib/api/response-memo";
import type { KvStore } from "../../lib/kv/types";
import { startFakeUpstream, DEMO_DUNE_QUERY_IDS } from "../../tests/fake-upstream/server";
import { startRedis } from "../../tests/helpers/redis-server";
import { DEMO_CALL_BUDGET_ENV } from "../demo-history";
import { cannon, median } from "./load";
import { fmt, table } from "./report";

const DEFAULT_SECONDS = 5;
const DEFAULT_ROUNDS = 3;
const DEFAULT_CONNECTIONS = 16;
const WARM_UP_SECONDS = 2;
const KV_TIMEOUT_MS = 2_000;
const INTEL = "/api/stablecoin-intel?q=usdc";
const RISK = "/api/stablecoin-risk?q=usdc";

interface Variant {
  label: string;
  memoOff: boolean;
  copiesOff: boolean;
}
const BOTH: Variant = { label: "both", memoOff: false, copiesOff: false };
const VARIANTS: readonly Variant[] = [
  BOTH,
  { label: "memo off", memoOff: true, copiesOff: false },
  { label: "copies off", memoOff: false, copiesOff: true },
  { label: "neither", memoOff: true, copiesOff: true },
];

/** A map that keeps nothing: the read layer's copies with reuse switched off. */
class KeepsNothing<K, V> extends Map<K, V> {
  override set(): this {
    return this;
  }
}

/** Bench only: the read layer's process-wide state (`lib/snapshot/local-state.ts`). */
const READ_LAYER_SLOT = Symbol.for("stablecoin-intel.read-through");
function setCopies(on: boolean): void {
  const slot: Record<symbol, { copies: Map<string, unknown> } | undefined> = globalThis;
  const state = slot[READ_LAYER_SLOT];
  if (!state) throw new Error("the read layer has not been used yet");
  state.copies = on ? new Map() : new KeepsNothing();
}

/** Round r measures the variants starting at r (a rotation), so none is always first. */
function rotated<T>(xs: readonly T[], r: number): T[] {
  return [...xs.slice(r % xs.length), ...xs.slice(0, r % xs.length)];
}

/** The store with every operation answered `ms` later. */
function delayed(inner: KvStore, ms: number): KvStore {
  if (ms <= 0) return inner;
  const late = <T>(p: Promise<T>) =>
    new Promise<T>((resolve, reject) => setTimeout(() => p.then(resolve, reject), ms));
  return {
    driver: inner.driver,
    get: (k) => late(inner.get(k)),
    set: (k, v, t) => late(inner.set(k, v, t)),
    delete: (k) => late(inner.delete(k)),
    setIfAbsent: (k, v, t) => late(inner.setIfAbsent(k, v, t)),
    incr: (k, t) => late(inner.incr(k, t)),
    close: () => inner.close(),
  };
}

type Get = (request: Request) => Promise<Response>;

/** The two route handlers behind node:http; with `current()`'s memo off, each request clears it. */
async function serve(handlers: { intel: Get; risk: Get }, current: () => Variant) {
  const server = http.createServer(async (req, res) => {
    if (current().memoOff) clearResponseMemo();
    const url = req.url ?? "/";
    const handler = url === RISK ? handlers.risk : handlers.intel;
    const r = await handler(new Request(`http://local${url}`));
    res.writeHead(r.status, { "content-type": "application/json" });
    res.end(Buffer.from(await r.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { server, base: `http://127.0.0.1:${address.port}` };
}

async function main(): Promise<void> {
  const [seconds, rounds, connections, kvDelayMs] = [
    Number(process.argv[2] ?? DEFAULT_SECONDS),
    Number(process.argv[3] ?? DEFAULT_ROUNDS),
    Number(process.argv[4] ?? DEFAULT_CONNECTIONS),
    Number(process.argv[5] ?? 0),
  ];
  Object.assign(process.env, { NODE_ENV: "production" });
  const fake = await startFakeUpstream({ port: 0 });
  const redis = await startRedis();
  const kvDir = mkdtempSync(path.join(os.tmpdir(), "reuse-bench-"));
  Object.assign(process.env, fake.baseUrls, DEMO_DUNE_QUERY_IDS, {
    DUNE_API_KEY: "demo-read-key-not-a-secret",
    KV_DIR: kvDir,
    KV_TIMEOUT_MS: String(KV_TIMEOUT_MS),
    ...DEMO_CALL_BUDGET_ENV,
  });
  // Imported after the environment is set (configuration and freezing read it once).
  const handlers = {
    intel: (await import("../../app/api/stablecoin-intel/route")).GET,
    risk: (await import("../../app/api/stablecoin-risk/route")).GET,
  };
  const { forgetLocalState } = await import("../../lib/snapshot/local-state");
  const { createKv, setKvForTests } = await import("../../lib/kv");
  let variant = BOTH;
  const { server, base } = await serve(handlers, () => variant);
  const stores = [
    { name: "file", config: { driver: "file", dir: kvDir } as const },
    { name: "redis", config: { driver: "redis", url: redis.url } as const },
  ];
  const rows: (string | number)[][] = [];
  try {
    for (const store of stores) {
      setKvForTests(delayed(createKv(store.config, { timeoutMs: KV_TIMEOUT_MS }), kvDelayMs));
      forgetLocalState();
      clearResponseMemo();
      for (const route of [INTEL, RISK]) {
        variant = BOTH;
        await fetch(base + route).then((r) => r.text());
        await cannon(base + route, WARM_UP_SECONDS, connections);
        const rps = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
        const p99 = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
        for (let r = 0; r < rounds; r += 1) {
          for (const v of rotated(VARIANTS, r)) {
            variant = v;
            setCopies(!v.copiesOff);
            const m = await cannon(base + route, seconds, connections);
            if (m.non2xx + m.errors > 0) console.warn(`${store.name} ${route} ${v.label}: errors`);
            rps.get(v)?.push(m.rps);
            p99.get(v)?.push(m.p99Ms);
            console.log(`${store.name} ${route} round ${r + 1} ${v.label}: ${fmt.rps(m.rps)}`);
          }
        }
        const baseline = median(rps.get(BOTH) ?? []);
        for (const v of VARIANTS) {
          const all = rps.get(v) ?? [];
          rows.push([
            store.name,
            route,
            v.label,
            all.map(fmt.int).join(" / "),
            fmt.int(median(all)),
            fmt.ratio(median(all) / baseline),
            fmt.int(median(p99.get(v) ?? [])),
          ]);
        }
      }
    }
    const head = ["Store", "Route", "Variant", "req/s per round", "Median", "vs both", "p99 ms"];
    console.log(`kvDelayMs ${kvDelayMs}, ${seconds} s × ${rounds} rounds, ${connections} conns`);
    console.log(table(head, rows));
  } finally {
    server.close();
    await fake.close();
    await redis.stop();
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
