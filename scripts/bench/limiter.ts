/**
 * Issue 25 §3: what the per-client rate limiter costs a warm route. Two Redis-backed servers
 * side by side: limiter off (PUBLIC_RATE_LIMIT_PER_MINUTE=0) and on with a limit the run never
 * reaches, measured in the order on, off, off, on over rounds (`sideBySideRounds`). Goal: on ≥
 * 0.9 × off, and no request limited.
 *
 * Whether the limiter is there is read from the answers (a limited response carries
 * `RateLimit-Limit`), not assumed: a build without it reports "limiter not present".
 */
import type { FakeUpstream } from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { flushRedis } from "./coalescing";
import { sideBySideRounds, WARM_UP_SECONDS } from "./counterbalanced";
import { get } from "./load";
import { fmt, table, type Goal, type Section } from "./report";
import { startNextApp, type NextApp } from "./servers";

const ROUTES = ["/api/stablecoin-intel?q=usdc", "/api/stablecoin-supply"];
const GOAL_RATIO = 0.9;
const LIMIT_ENV = "PUBLIC_RATE_LIMIT_PER_MINUTE";
const LIMIT_OFF = 0;
/**
 * On, never reached: a warm route here serves under 2,000 req/s, so under 120,000 a minute.
 * The limiter still counts every request.
 */
const LIMIT_NEVER_REACHED = 1_000_000;
const LIMIT_HEADER = "ratelimit-limit";
const WARM_UPS = 3;

/** The route's `RateLimit-Limit` header on a warm answer (null: not limited). */
async function limitHeader(app: NextApp, path: string): Promise<string | null> {
  let header: string | null = null;
  for (let i = 0; i < WARM_UPS; i++) {
    const res = await get(app.url + path);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`limiter warm-up ${path}: HTTP ${res.status}`);
    header = res.headers.get(LIMIT_HEADER);
  }
  return header;
}

export async function limiter(
  fake: FakeUpstream,
  redis: RedisServer,
  opts: { durationSeconds: number; rounds: number; connections: number },
): Promise<Section> {
  fake.resetScenarios();
  await flushRedis(redis.url);
  const apps: NextApp[] = [];
  const start = async (limit: number) => {
    const app = await startNextApp({ fake, redisUrl: redis.url, env: { [LIMIT_ENV]: `${limit}` } });
    apps.push(app);
    return app;
  };
  try {
    const off = await start(LIMIT_OFF);
    const on = await start(LIMIT_NEVER_REACHED);
    const headers: { path: string; on: string | null; off: string | null }[] = [];
    for (const path of ROUTES)
      headers.push({ path, on: await limitHeader(on, path), off: await limitHeader(off, path) });
    const present = headers.every((h) => h.on !== null);
    const measured = await sideBySideRounds(
      ROUTES.map((path) => ({ routeUrl: on.url + path, trivialUrl: off.url + path })),
      opts,
    );
    const goals: Goal[] = [];
    const rows = ROUTES.map((path, i) => {
      const { route, trivial, ratio, ratios } = measured[i]!;
      const h = headers[i]!;
      const pass = present && h.off === null && ratio >= GOAL_RATIO && route.bad === 0;
      goals.push({
        item: "25.3",
        what: `warm \`${path}\` throughput, limiter on (never reached) vs off, Redis`,
        goal: `≥ ${GOAL_RATIO}×, no request limited`,
        observed: present
          ? `${fmt.ratio(ratio)} (rounds ${ratios.map(fmt.ratio).join(", ")}), ${route.bad} non-2xx`
          : `limiter not present (no RateLimit-Limit header); on ÷ off ${fmt.ratio(ratio)}`,
        pass,
      });
      return [
        `\`${path}\``,
        h.on ?? "absent",
        h.off ?? "absent",
        fmt.rps(route.rps),
        fmt.rps(trivial.rps),
        `**${fmt.ratio(ratio)}**`,
        ratios.map(fmt.ratio).join(", "),
        `${fmt.ms(route.p99Ms)} / ${fmt.ms(trivial.p99Ms)}`,
        `${route.bad} / ${trivial.bad}`,
        pass ? "PASS" : "**FAIL**",
      ];
    });
    const body = [
      `autocannon, ${opts.connections} connections, two Redis-backed servers on one Redis: ` +
        `${LIMIT_ENV}=${LIMIT_OFF} (off) and ${LIMIT_ENV}=${fmt.int(LIMIT_NEVER_REACHED)} (on, ` +
        `never reached). Every URL takes ${WARM_UP_SECONDS} s of load first; then ` +
        `${opts.rounds} round(s), each route on then off then off then on ` +
        `(${opts.durationSeconds} s per server and round, half per slot). ÷ off = the median ` +
        "of the rounds' ratios (judged). The limiter is detected from the answers: " +
        "`RateLimit-Limit` on the warm answer of each server.",
      "",
      present
        ? ""
        : "**Limiter not present**: the 'on' server's answers carry no `RateLimit-Limit`, so this " +
          "build has no per-client limiter (or does not read " +
          `${LIMIT_ENV}); the ratio below compares two identical servers.\n`,
      table(
        [
          "Route",
          "RateLimit-Limit (on)",
          "RateLimit-Limit (off)",
          "On",
          "Off",
          "÷ off",
          "rounds",
          "p99 on / off",
          "Non-2xx on / off",
          "Result",
        ],
        rows,
      ),
    ].join("\n");
    return { title: "8c. Faults: per-client rate limit (issue 25 §3)", body, goals };
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
  }
}
