/**
 * `npm run bench`: measures the production build on this machine and writes docs/performance.md
 * (issue "Performance and scale"). Builds nothing: needs `.next/BUILD_ID` (`npm run build`).
 *
 *   npm run bench -- [--duration 10] [--rounds 3] [--connections 16] [--samples 5]
 *                    [--lighthouse-runs 3]
 *                    [--only warm,cold,coalesce,caching,pages,lighthouse,memory,worlds,
 *                            faults,budgets,limiter,market,exit,history]
 *                    [--market-warm 120] [--fault-worlds market,books-451] [--quick] [--out FILE]
 *
 * `--rounds`: the warm routes split `--duration` over the rounds; pages under load and the
 * read-layer worlds measure `--duration` per target in every round and judge the median round.
 * `faults` (issue 32) loads each route of each fault world for `--duration` (`--fault-worlds`:
 * the world ids, or their prefixes, to run; all by default); `budgets` (issue 25 §2) runs its
 * many-coins client for 6 × `--duration` (at most 60 s); `limiter` (§3) measures like the worlds.
 * `market` (issue 26 goals) lets the scheduled refresher run `--market-warm` seconds on the full
 * market before it reads the store, then measures like the worlds.
 * `exit` (issue 27): warm exit cost beside warm intel in `--rounds` rounds of `--duration`, and
 * `--samples` cold answers per store, each on a fresh server.
 * `history` (issue 35): seeded own history; the warm history route beside the trivial route in
 * `--rounds` rounds of `--duration`, `--samples` cold 365-day answers per store on fresh servers,
 * the stored bytes per coin per day, and a file store with 300 coins × 90 days.
 * `--lighthouse-runs`: Lighthouse runs per page and preset (the median run is reported).
 * `--quick`: 2 s per measurement, one round, one sample, one Lighthouse run (a smoke run that
 * proves the bench works; its figures are not the report's).
 *
 * Everything runs on loopback: the fake upstream (in this process), a throw-away redis-server,
 * `next start` processes (with BENCH_TRIVIAL_ROUTE=1 where the trivial route is measured) and a
 * plain node:http server. Exits 1 when an enforced budget (page weight, lazy charts) fails, 2 when
 * the bench could not run. Other goals are reported PASS/FAIL without failing the run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startFakeUpstream, type FakeUpstream } from "../tests/fake-upstream/server";
import { startRedis, type RedisServer } from "../tests/helpers/redis-server";
import { budgets } from "./bench/budgets";
import { httpCaching, memory } from "./bench/caching-memory";
import { unknownPaths } from "./bench/unknown-paths";
import { coalescing, flushRedis } from "./bench/coalescing";
import { coldFanout } from "./bench/cold-fanout";
import { exitCost } from "./bench/exit";
import { lighthouseScores } from "./bench/lighthouse";
import { ownHistory } from "./bench/history";
import { get } from "./bench/load";
import { faults } from "./bench/faults";
import { limiter } from "./bench/limiter";
import { marketWide } from "./bench/market-wide";
import { describeMachine } from "./bench/machine";
import { METHOD, notesFor } from "./bench/method";
import { pageLoad } from "./bench/page-load";
import { PAGES, pageWeights } from "./bench/pages";
import { renderReport, verdict, type Section } from "./bench/report";
import { MEMORY_NODE_ARGS } from "./bench/scenarios";
import { dropSnapshot, ROOT, snapshotBuild, startNextApp, type NextApp } from "./bench/servers";
import { warmRoutes } from "./bench/warm-routes";
import { worlds } from "./bench/worlds";

const SECTIONS = [
  "warm",
  "cold",
  "coalesce",
  "caching",
  "pages",
  "lighthouse",
  "memory",
  "worlds",
  "faults",
  "budgets",
  "limiter",
  "market",
  "exit",
  "history",
] as const;
/** `--market-warm` default: seconds of the refresher's first passes before the store is read. */
const MARKET_WARM_SECONDS = "120";
/** `--quick`: seconds of the refresher in the market world. */
const QUICK_MARKET_WARM_SECONDS = 30;
/** `--quick`: seconds per measurement. */
const QUICK_SECONDS = 2;
type SectionName = (typeof SECTIONS)[number];

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "10" },
      rounds: { type: "string", default: "3" },
      "lighthouse-runs": { type: "string", default: "3" },
      connections: { type: "string", default: "16" },
      samples: { type: "string", default: "5" },
      "market-warm": { type: "string", default: MARKET_WARM_SECONDS },
      only: { type: "string" },
      "fault-worlds": { type: "string" },
      out: { type: "string", default: "docs/performance.md" },
      quick: { type: "boolean", default: false },
    },
  });
  const int = (name: string, v: string, min: number, max: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be an integer in [${min}, ${max}]`);
    return n;
  };
  const only = values.only?.split(",").map((s) => s.trim()) ?? [...SECTIONS];
  for (const s of only)
    if (!(SECTIONS as readonly string[]).includes(s))
      throw new Error(`--only: unknown section ${s} (${SECTIONS.join(", ")})`);
  const quick = values.quick === true;
  return {
    durationSeconds: quick ? QUICK_SECONDS : int("duration", values.duration, 1, 600),
    rounds: quick ? 1 : int("rounds", values.rounds, 1, 20),
    lighthouseRuns: quick ? 1 : int("lighthouse-runs", values["lighthouse-runs"], 1, 9),
    connections: int("connections", values.connections, 1, 256),
    samples: quick ? 1 : int("samples", values.samples, 1, 50),
    marketWarmSeconds: quick
      ? QUICK_MARKET_WARM_SECONDS
      : int("market-warm", values["market-warm"], 10, 1800),
    only: new Set(only as SectionName[]),
    worlds: values["fault-worlds"]?.split(",").map((s) => s.trim()),
    out: path.resolve(ROOT, values.out),
  };
}

async function main(): Promise<number> {
  const opts = options();
  try {
    snapshotBuild();
  } catch (e) {
    console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  const machine = describeMachine();
  const startedAt = new Date();
  const step = (s: string) => console.log(`bench: ${s}…`);
  const sections: Section[] = [];
  const running: NextApp[] = [];
  let fake: FakeUpstream | undefined;
  /** The whole recorded market, for the page sections (issue 15). */
  let fullFake: FakeUpstream | undefined;
  let redis: RedisServer | undefined;
  const app = async (
    o: {
      redis?: boolean;
      env?: Record<string, string>;
      nodeArgs?: string[];
      fake?: FakeUpstream;
    } = {},
  ) => {
    const redisUrl = o.redis ? redis!.url : undefined;
    const a = await startNextApp({
      fake: o.fake ?? fake!,
      redisUrl,
      env: o.env,
      nodeArgs: o.nodeArgs,
    });
    running.push(a);
    return a;
  };
  try {
    fake = await startFakeUpstream({ port: 0 });
    redis = await startRedis();
    if (opts.only.has("cold")) {
      step(`cold fan-out (${opts.samples} samples per scenario)`);
      sections.push(await coldFanout(fake, redis, opts.samples));
    }
    if (opts.only.has("coalesce")) {
      step("coalescing bursts");
      sections.push(await coalescing(fake, redis));
    }
    if (["warm", "caching"].some((s) => opts.only.has(s as SectionName))) {
      await flushRedis(redis.url);
      const redisApp = await app({ redis: true, env: { BENCH_TRIVIAL_ROUTE: "1" } });
      const fileApp = await app();
      if (opts.only.has("warm")) {
        step(`warm routes (${opts.durationSeconds} s per target, ${opts.rounds} rounds)`);
        sections.push(await warmRoutes({ redis: redisApp, file: fileApp }, opts));
      }
      if (opts.only.has("caching")) {
        step("HTTP caching");
        sections.push(await httpCaching(redisApp));
      }
    }
    if (opts.only.has("pages") || opts.only.has("lighthouse")) {
      fullFake = await startFakeUpstream({ port: 0, market: "full" });
      const pagesApp = await app({ fake: fullFake, env: { BENCH_TRIVIAL_ROUTE: "1" } });
      // Twice each: a first visit renders and stores an on-demand page (the chain pages).
      for (const p of [...PAGES, ...PAGES])
        await get(pagesApp.url + p.path).then((r) => r.arrayBuffer());
      if (opts.only.has("pages")) {
        step("page weights (build + Chromium)");
        sections.push(await pageWeights(pagesApp));
        step(`pages under load (${opts.durationSeconds} s per target × ${opts.rounds} rounds)`);
        sections.push(await pageLoad(pagesApp, opts));
      }
      if (opts.only.has("lighthouse")) {
        step(`Lighthouse (${opts.lighthouseRuns} runs per page and preset)`);
        sections.push(await lighthouseScores(pagesApp, opts.lighthouseRuns));
      }
    }
    if (opts.only.has("worlds")) {
      step(
        `read layer in real-world shapes (${opts.durationSeconds} s per target × ${opts.rounds} rounds)`,
      );
      sections.push(await worlds(fake, redis, opts));
    }
    if (opts.only.has("faults")) {
      step(`fault worlds (${opts.durationSeconds} s per route and world)`);
      fullFake ??= await startFakeUpstream({ port: 0, market: "full" });
      sections.push(await faults({ fixture: fake, full: fullFake }, redis, opts));
    }
    if (opts.only.has("budgets")) {
      step("provider budgets under a burst, a slow store and many coins");
      sections.push(await budgets(fake, redis, opts));
    }
    if (opts.only.has("limiter")) {
      step(`per-client rate limiter on vs off (${opts.rounds} rounds)`);
      sections.push(await limiter(fake, redis, opts));
    }
    if (opts.only.has("market")) {
      step(
        `market-wide data plane (refresher ${opts.marketWarmSeconds} s, then ` +
          `${opts.durationSeconds} s per target × ${opts.rounds} rounds)`,
      );
      fullFake ??= await startFakeUpstream({ port: 0, market: "full" });
      sections.push(
        await marketWide(fullFake, redis, { ...opts, warmSeconds: opts.marketWarmSeconds }),
      );
    }
    if (opts.only.has("exit")) {
      step(
        `exit cost: warm vs intel (${opts.durationSeconds} s × ${opts.rounds} rounds), ` +
          `cold (${opts.samples} fresh servers per store)`,
      );
      sections.push(await exitCost(fake, redis, opts));
    }
    if (opts.only.has("history")) {
      step(
        `own history: warm vs trivial (${opts.durationSeconds} s × ${opts.rounds} rounds), ` +
          `cold 365 days (${opts.samples} fresh servers per store), 300 coins × 90 days`,
      );
      fullFake ??= await startFakeUpstream({ port: 0, market: "full" });
      sections.push(await ownHistory({ fixture: fake, full: fullFake }, redis, opts));
    }
    if (opts.only.has("memory")) {
      step("memory under invalid selectors");
      sections.push(await memory(await app({ nodeArgs: MEMORY_NODE_ARGS })));
      step("memory under unknown asset paths (both stores)");
      fullFake ??= await startFakeUpstream({ port: 0, market: "full" });
      sections.push(await unknownPaths(fullFake, redis));
    }
  } finally {
    for (const a of running.filter((x) => x.crashed()))
      console.error(`bench: the server on ${a.url} exited on its own:\n${a.output()}`);
    await Promise.all(running.map((a) => a.stop()));
    await redis?.stop();
    await fake?.close();
    await fullFake?.close();
    dropSnapshot();
  }

  sections.sort((a, b) => a.title.localeCompare(b.title, "en", { numeric: true }));
  const finishedAt = new Date();
  const argv = process.argv.slice(2).join(" ");
  const report = renderReport({
    machine,
    startedAt,
    finishedAt,
    options: `npm run bench${argv ? ` -- ${argv}` : ""}`,
    sections,
    method: METHOD + notesFor(sections),
  });
  mkdirSync(path.dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, report);

  const goals = sections.flatMap((s) => s.goals);
  for (const g of goals)
    console.log(
      `${verdict(g.pass).replace(/\*/g, "").padEnd(5)} [${g.item}] ${g.what}: ${g.observed} (goal ${g.goal})`,
    );
  console.log(`bench: wrote ${path.relative(ROOT, opts.out)}`);
  const failedBudgets = goals.filter((g) => g.enforced && !g.pass);
  if (failedBudgets.length > 0) {
    console.error(`bench: ${failedBudgets.length} enforced budget(s) exceeded`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error("bench failed:", e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(2);
  },
);
