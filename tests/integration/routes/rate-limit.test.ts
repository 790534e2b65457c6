/**
 * Per-client rate limits on the public routes (issue 25 §3, docs/rate-limits.md), through the
 * real route handlers with each store: the embedded file store (in-process window), Redis
 * (@upstash/ratelimit over the node-redis adapter) and Vercel KV (@upstash/ratelimit over the
 * Upstash REST shim, itself over a real redis-server). Counts only: the clock is pinned inside
 * one window (only `Date` is faked), so no count can roll over mid-test.
 */
import * as badgeRoute from "@/app/api/badge/[asset]/route";
import * as atomRoute from "@/app/depegs.atom/route";
import * as jsonFeedRoute from "@/app/depegs.json/route";
import * as healthRoute from "@/app/api/health/route";
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as openApiRoute from "@/app/api/openapi.json/route";
import * as supplyRoute from "@/app/api/stablecoin-supply/route";
import { WINDOW_MS } from "@/lib/budget/client";
import {
  CACHED_ANSWER_COST,
  resetRateLimiterForTests,
  UPSTREAM_ANSWER_COST,
} from "@/lib/api/rate-limit";
import { resetConfigForTests } from "@/lib/config";
import { telemetry } from "@/lib/telemetry";
import { startUpstashShim, type UpstashShim } from "../../helpers/upstash-shim";
import { validateAgainstOpenApi } from "../helpers/openapi";
import {
  call,
  forgetProcessState,
  json,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

jest.setTimeout(60_000);

const LIMIT = 30;
const ENV = { PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: "true" };
/** Fake everything but `Date`: timers, I/O and the stores run for real. */
const REAL = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
] as const;
/** A stalled store answers this many budgets late. */
const STALL_FACTOR = 2;
const RATE_HEADERS = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];

type Handler = (request: Request) => Promise<Response>;
type Store = "file" | "redis" | "vercel-kv";

const from = (client: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { "x-forwarded-for": client, ...(init.headers as Record<string, string>) },
});
const remaining = (res: Response) => Number(res.headers.get("ratelimit-remaining"));

describe.each<Store>(["file", "redis", "vercel-kv"])(
  "per-client rate limits (%s store)",
  (store) => {
    let h: Harness;
    let shim: UpstashShim | null = null;

    beforeAll(async () => {
      // Pinned one second into a window: a test's requests all fall in the same minute.
      const now = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + 1_000;
      jest.useFakeTimers({ now, doNotFake: [...REAL] });
      h = await startHarness(store === "file" ? "file" : "redis", ENV);
      if (store === "vercel-kv") {
        shim = await startUpstashShim({ redisUrl: h.redis!.url });
        process.env.KV_REST_API_URL = shim.url;
        process.env.KV_REST_API_TOKEN = shim.token;
      }
    });
    afterAll(async () => {
      delete process.env.KV_REST_API_URL;
      delete process.env.KV_REST_API_TOKEN;
      await shim?.stop();
      await h.close();
      jest.useRealTimers();
    });
    beforeEach(async () => {
      await h.reset(); // a new config: the limiter and its counts start over; Redis is flushed
      resetRateLimiterForTests();
    });

    const get = (handler: Handler, path: string, client: string, init?: RequestInit) =>
      call(handler, path, from(client, init));

    it("the N+1th request from one client is 429 with the body and headers; another client is unaffected", async () => {
      await get(supplyRoute.GET, "/api/stablecoin-supply", "198.51.100.200"); // warm the cache
      const seen: number[] = [];
      for (let i = 0; i < LIMIT; i++) {
        const res = await get(supplyRoute.GET, "/api/stablecoin-supply", "203.0.113.1");
        expect(res.status).toBe(200);
        seen.push(remaining(res));
      }
      expect(seen).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));

      const over = await get(supplyRoute.GET, "/api/stablecoin-supply", "203.0.113.1");
      expect(over.status).toBe(429);
      const body = await json(over);
      expect(body).toEqual({
        error: { code: "rate_limited", message: expect.any(String) },
        holderAnalyticsSupported: false,
      });
      expect(validateAgainstOpenApi("/api/stablecoin-supply", 429, body)).toEqual([]);
      expect(over.headers.get("cache-control")).toBe("no-store");
      expect(over.headers.get("ratelimit-limit")).toBe(String(LIMIT));
      expect(over.headers.get("ratelimit-remaining")).toBe("0");
      const reset = Number(over.headers.get("ratelimit-reset"));
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(WINDOW_MS / 1000);
      expect(over.headers.get("retry-after")).toBe(String(reset));
      // Readable by a cross-origin script too.
      expect(over.headers.get("access-control-expose-headers")).toBe(
        "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
      );

      const other = await get(supplyRoute.GET, "/api/stablecoin-supply", "203.0.113.2");
      expect(other.status).toBe(200);
      expect(remaining(other)).toBe(LIMIT - CACHED_ANSWER_COST);
      // Counted where the store counts: never a fallback while it answers.
      expect(telemetry.cacheCounters()["rate-limit bypass"]).toBeUndefined();
    });

    it("every limited answer carries the headers: 200, 304, HEAD, 400, 404, badge, feeds, health", async () => {
      const client = "203.0.113.3";
      const ok = await get(intelRoute.GET, "/api/stablecoin-intel?q=usdc", client);
      const etag = ok.headers.get("etag");
      expect(etag).toBeTruthy();
      const answers = [
        ok,
        await get(intelRoute.GET, "/api/stablecoin-intel?q=usdc", client, {
          headers: { "if-none-match": etag! },
        }),
        await get(intelRoute.HEAD, "/api/stablecoin-intel?q=usdc", client),
        await get(intelRoute.GET, "/api/stablecoin-intel", client),
        await get(intelRoute.GET, "/api/stablecoin-intel?q=nosuchcoinxyz", client),
        await get(badgeRoute.GET, "/api/badge/usdc.svg", client),
        await get(atomRoute.GET, "/depegs.atom", client),
        await get(jsonFeedRoute.GET, "/depegs.json", client),
        await get(healthRoute.GET, "/api/health", client),
      ];
      expect(answers.map((r) => r.status)).toEqual([200, 304, 200, 400, 404, 200, 200, 200, 200]);
      for (const res of answers) {
        for (const name of RATE_HEADERS)
          expect([res.status, name, res.headers.get(name)]).toEqual([
            res.status,
            name,
            expect.stringMatching(/^\d+$/),
          ]);
      }
      // Other methods answer 405 before the limiter: not counted, no headers.
      const post = await call(intelRoute.POST, "/api/stablecoin-intel?q=usdc", from(client));
      expect(post.status).toBe(405);
      expect(post.headers.get("ratelimit-limit")).toBeNull();
    });

    it("an answer that needed a provider call costs more than one from cached data", async () => {
      const client = "203.0.113.4";
      const cold = await get(intelRoute.GET, "/api/stablecoin-intel?q=usdc", client);
      expect(cold.status).toBe(200);
      expect(upstreamCalls(h.fake).length).toBeGreaterThan(0);
      expect(remaining(cold)).toBe(LIMIT - UPSTREAM_ANSWER_COST);

      // Built again from the store (no answer memo, no local copies): cached data, no provider call.
      forgetProcessState();
      h.fake.clearRequests();
      const fromStore = await get(intelRoute.GET, "/api/stablecoin-intel?q=usdc", client);
      expect(upstreamCalls(h.fake)).toEqual([]);
      expect(remaining(fromStore)).toBe(remaining(cold) - CACHED_ANSWER_COST);

      const fromMemo = await get(intelRoute.GET, "/api/stablecoin-intel?q=usdc", client);
      expect(remaining(fromMemo)).toBe(remaining(fromStore) - CACHED_ANSWER_COST);
    });

    it("the badge and the feeds are charged by the same rule", async () => {
      const cold = await get(badgeRoute.GET, "/api/badge/usdc.svg", "203.0.113.5");
      expect(remaining(cold)).toBe(LIMIT - UPSTREAM_ANSWER_COST);
      const warm = await get(badgeRoute.GET, "/api/badge/usdc.svg", "203.0.113.5");
      expect(remaining(warm)).toBe(remaining(cold) - CACHED_ANSWER_COST);
      const feed = await get(atomRoute.GET, "/depegs.atom", "203.0.113.6");
      expect(remaining(feed)).toBe(LIMIT - UPSTREAM_ANSWER_COST);
      const again = await get(jsonFeedRoute.GET, "/depegs.json", "203.0.113.6");
      expect(remaining(again)).toBe(remaining(feed) - CACHED_ANSWER_COST);
    });

    it("the health probe has its own allowance: a client's API use never starves it", async () => {
      const client = "203.0.113.7";
      for (let i = 0; i <= LIMIT; i++) await get(openApiRoute.GET, "/api/openapi.json", client);
      expect((await get(openApiRoute.GET, "/api/openapi.json", client)).status).toBe(429);
      const probe = await get(healthRoute.GET, "/api/health", client);
      expect(probe.status).toBe(200);
      expect(remaining(probe)).toBe(LIMIT - CACHED_ANSWER_COST);
    });

    it("TRUST_PROXY=false: keyed on the last hop, which an appending proxy writes", async () => {
      process.env.TRUST_PROXY = "false";
      resetConfigForTests();
      // Behind an appending proxy: whatever the client wrote first, the address the proxy saw last.
      for (let i = 0; i < LIMIT; i++)
        await get(openApiRoute.GET, "/api/openapi.json", `192.0.2.${i + 1}, 203.0.113.20`);
      const same = await get(openApiRoute.GET, "/api/openapi.json", "192.0.2.250, 203.0.113.20");
      expect(same.status).toBe(429);
      const other = await get(openApiRoute.GET, "/api/openapi.json", "192.0.2.1, 203.0.113.21");
      expect(other.status).toBe(200);
    });

    it("PUBLIC_RATE_LIMIT_PER_MINUTE=0 turns it off: no headers, never a 429", async () => {
      process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = "0";
      resetConfigForTests();
      for (let i = 0; i <= LIMIT; i++) {
        const res = await get(openApiRoute.GET, "/api/openapi.json", "203.0.113.8");
        expect([res.status, res.headers.get("ratelimit-limit")]).toEqual([200, null]);
      }
    });

    // The file store counts in each process alone: these exist for the shared stores only
    // (defined, not skipped, so a run never reports a test that proved nothing).
    const shared = (name: string, fn: () => Promise<void>) => {
      if (store !== "file") it(name, fn);
    };

    shared("the count lives in the shared store: a new instance continues it", async () => {
      await get(openApiRoute.GET, "/api/openapi.json", "203.0.113.9");
      resetRateLimiterForTests(); // as if another instance answered the next request
      const next = await get(openApiRoute.GET, "/api/openapi.json", "203.0.113.9");
      expect(remaining(next)).toBe(LIMIT - 2 * CACHED_ANSWER_COST);
    });

    shared(
      "a store outage never turns into 429s or 5xx: the in-process window answers",
      async () => {
        const client = "203.0.113.10";
        await get(openApiRoute.GET, "/api/openapi.json", client);
        if (shim) shim.setOverride("reset");
        else await h.redis!.stop();
        try {
          const answers = [];
          for (let i = 0; i < 3; i++)
            answers.push(await get(supplyRoute.GET, "/api/stablecoin-supply", client));
          expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
          for (const res of answers) expect(res.headers.get("ratelimit-limit")).toBe(String(LIMIT));
          expect(telemetry.cacheCounters()["rate-limit bypass"]).toBeGreaterThanOrEqual(3);
        } finally {
          if (shim) shim.setOverride(undefined);
          else await h.redis!.restart();
        }
      },
    );

    shared(
      "a store slower than its budget is asked once, then rested: no 429, no 5xx",
      async () => {
        const client = "203.0.113.11";
        // The only route that reads nothing from the store: what waits here is the limiter alone.
        const path = "/api/openapi.json";
        await get(openApiRoute.GET, path, client);
        if (shim) shim.setDelay(Number(process.env.KV_TIMEOUT_MS) * STALL_FACTOR);
        else h.redis!.pause();
        try {
          const answers = [];
          for (let i = 0; i < 3; i++) answers.push(await get(openApiRoute.GET, path, client));
          expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
          for (const res of answers) expect(res.headers.get("ratelimit-limit")).toBe(String(LIMIT));
          expect(telemetry.cacheCounters()["rate-limit error"]).toBe(1);
        } finally {
          if (shim) shim.setDelay(0);
          else h.redis!.resume();
        }
      },
    );
  },
);
