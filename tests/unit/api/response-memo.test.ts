import { jsonError, jsonOk, publicRoute } from "@/lib/api/response";
import type { RequestReadOpts } from "@/lib/api/route-get";
import {
  clearResponseMemo,
  keptForMs,
  RESPONSE_MEMO_MAX_ENTRIES,
  RESPONSE_MEMO_MS,
  responseMemo,
  responseMemoKey,
} from "@/lib/api/response-memo";

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const CACHE = { sMaxAgeSeconds: 60, staleWhileRevalidateSeconds: 60 };
const BASE = "http://localhost/api/x";

type Answer = (url: URL, n: number, readOpts: RequestReadOpts) => Response | Promise<Response>;

function route(answer: Answer, clock = { t: T0 }) {
  let calls = 0;
  const r = publicRoute(
    async (request, readOpts) => answer(new URL(request.url), ++calls, readOpts),
    {
      now: () => clock.t,
    },
  );
  return { ...r, clock, calls: () => calls };
}

const healthy = (url: URL, n: number) =>
  jsonOk({ q: url.searchParams.get("q"), build: n }, { cache: CACHE, degraded: false });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  clearResponseMemo();
  jest.restoreAllMocks();
});

describe("responseMemoKey", () => {
  it("is the path plus the parameters in sorted order", () => {
    expect(responseMemoKey(`${BASE}?b=2&a=1`)).toBe(responseMemoKey(`${BASE}?a=1&b=2`));
    expect(responseMemoKey(`${BASE}?a=1`)).not.toBe(responseMemoKey(`${BASE}?a=2`));
    expect(responseMemoKey(`${BASE}?a=1`)).not.toBe(responseMemoKey("http://localhost/api/y?a=1"));
  });
});

describe("publicRoute: in-process reuse of answers", () => {
  it("answers a repeat within RESPONSE_MEMO_MS from the kept text, with the same ETag", async () => {
    const r = route(healthy);
    const first = await r.GET(new Request(`${BASE}?q=usdc`));
    r.clock.t += RESPONSE_MEMO_MS - 1;
    const second = await r.GET(new Request(`${BASE}?q=usdc`));
    expect(r.calls()).toBe(1);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    const conditional = await r.GET(
      new Request(`${BASE}?q=usdc`, { headers: { "If-None-Match": first.headers.get("etag")! } }),
    );
    expect(conditional.status).toBe(304);
    expect(r.calls()).toBe(1);
  });

  it("past RESPONSE_MEMO_MS the next request builds the answer again, and keeps it", async () => {
    const r = route(healthy);
    await r.GET(new Request(`${BASE}?q=usdc`));
    r.clock.t += RESPONSE_MEMO_MS;
    const next = await r.GET(new Request(`${BASE}?q=usdc`));
    expect(((await next.json()) as { build: number }).build).toBe(2);
    r.clock.t += RESPONSE_MEMO_MS - 1;
    await r.GET(new Request(`${BASE}?q=usdc`));
    expect(r.calls()).toBe(2);
  });

  it("a build that started before a clear does not put its answer back", async () => {
    const gate = deferred();
    const r = route(async (url, n) => {
      await gate.promise;
      return healthy(url, n);
    });
    const pending = r.GET(new Request(`${BASE}?q=usdc`));
    clearResponseMemo();
    gate.resolve();
    await pending;
    expect(responseMemo().size).toBe(0);
  });

  it("keeps one answer per path and parameter set, in any parameter order", async () => {
    const r = route(healthy);
    await r.GET(new Request(`${BASE}?q=usdc&x=1`));
    await r.GET(new Request(`${BASE}?x=1&q=usdc`));
    expect(r.calls()).toBe(1);
    await r.GET(new Request(`${BASE}?q=usdt&x=1`));
    expect(r.calls()).toBe(2);
  });

  it("keeps a settled degraded answer for one second, with its warnings and no-store", async () => {
    const r = route((_url, n) => jsonOk({ warnings: [`x${n}`] }, { cache: CACHE, degraded: true }));
    const first = await r.GET(new Request(`${BASE}?q=a`));
    r.clock.t += RESPONSE_MEMO_MS - 1;
    const second = await r.GET(new Request(`${BASE}?q=a`));
    expect(r.calls()).toBe(1);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("etag")).toBeNull();
    r.clock.t += 1;
    const third = await r.GET(new Request(`${BASE}?q=a`));
    expect(r.calls()).toBe(2);
    expect(((await third.json()) as { warnings: string[] }).warnings).toEqual(["x2"]);
  });

  it("keeps a settled degraded answer until the earliest moment it could change (a cooldown's end)", async () => {
    const cooldownEnd = T0 + 5 * RESPONSE_MEMO_MS;
    const r = route((_url, n, { report }) => {
      report.settledUntilMs = cooldownEnd; // e.g. the market provider's key cools down until then
      return jsonOk({ warnings: [`x${n}`] }, { cache: CACHE, degraded: true });
    });
    await r.GET(new Request(`${BASE}?q=a`));
    r.clock.t = cooldownEnd - 1;
    const kept = await r.GET(new Request(`${BASE}?q=a`));
    expect(r.calls()).toBe(1);
    expect(kept.headers.get("cache-control")).toBe("no-store");
    r.clock.t = cooldownEnd;
    await r.GET(new Request(`${BASE}?q=a`));
    expect(r.calls()).toBe(2);
  });

  it("a healthy answer is kept RESPONSE_MEMO_MS, whatever its reads' fresh time", async () => {
    const r = route((url, n, { report }) => {
      report.settledUntilMs = T0 + 60 * RESPONSE_MEMO_MS;
      return healthy(url, n);
    });
    await r.GET(new Request(`${BASE}?q=a`));
    r.clock.t += RESPONSE_MEMO_MS;
    await r.GET(new Request(`${BASE}?q=a`));
    expect(r.calls()).toBe(2);
  });

  it("keptForMs: the timing at explicit timestamps", () => {
    expect(keptForMs(true, T0 + 60_000, T0)).toBe(RESPONSE_MEMO_MS);
    expect(keptForMs(false, null, T0)).toBe(RESPONSE_MEMO_MS);
    expect(keptForMs(false, T0 + 5_000, T0)).toBe(5_000);
    expect(keptForMs(false, T0 + 200, T0)).toBe(200); // it may change sooner than a second
    expect(keptForMs(false, T0 - 1, T0)).toBe(0); // already past: not kept
  });

  it("never keeps a degraded answer a read under it would retry at once (a fresh failure)", async () => {
    const r = route(async (_url, n, { report }) => {
      await Promise.resolve();
      report.retryPending = true; // e.g. a provider's first 500: the next request must ask again
      return jsonOk({ warnings: [`x${n}`] }, { cache: CACHE, degraded: true });
    });
    await r.GET(new Request(`${BASE}?q=a`));
    await r.GET(new Request(`${BASE}?q=a`));
    expect(r.calls()).toBe(2);
    expect(responseMemo().size).toBe(0);
  });

  it("a retry noted by one request does not reach a concurrent request's answer", async () => {
    const gates = { a: deferred(), b: deferred() };
    const r = route(async (url, _n, { report }) => {
      const q = url.searchParams.get("q") === "a" ? "a" : "b";
      await gates[q].promise;
      if (q === "a") report.retryPending = true;
      return jsonOk({ q }, { cache: CACHE, degraded: true });
    });
    const a = r.GET(new Request(`${BASE}?q=a`));
    const b = r.GET(new Request(`${BASE}?q=b`));
    gates.a.resolve();
    await a; // noted while b is still being built
    gates.b.resolve();
    await b;
    expect(responseMemo().size).toBe(1);
    await r.GET(new Request(`${BASE}?q=b`)); // kept
    await r.GET(new Request(`${BASE}?q=a`)); // built again
    expect(r.calls()).toBe(3);
  });

  it("never keeps an error, a 404 or a body built with no cache policy", async () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const answers = [
      () => jsonOk({ status: "ok" }, { cache: null, degraded: false }),
      () => jsonError(404, "unknown_asset", "No USD stablecoin matches this selector."),
      () => jsonError(400, "bad_request", "Invalid parameter"),
      () => {
        throw new Error("boom");
      },
    ];
    for (const answer of answers) {
      const r = route(answer);
      await r.GET(new Request(`${BASE}?q=a`));
      await r.GET(new Request(`${BASE}?q=a`));
      expect(r.calls()).toBe(2);
      expect(responseMemo().size).toBe(0);
    }
  });

  it("stays bounded: 1,000 distinct invalid selectors keep nothing, many healthy ones are capped", async () => {
    const bad = route(() => jsonError(404, "unknown_asset", "No match."));
    for (let i = 0; i < 1_000; i++) await bad.GET(new Request(`${BASE}?q=nope-${i}`));
    expect(responseMemo().size).toBe(0);
    const good = route(healthy);
    for (let i = 0; i < RESPONSE_MEMO_MAX_ENTRIES + 100; i++)
      await good.GET(new Request(`${BASE}?q=a${i}`));
    expect(responseMemo().size).toBe(RESPONSE_MEMO_MAX_ENTRIES);
  });

  it("never makes a request wait on another one's build (it may hang on a slow provider)", async () => {
    const gate = deferred();
    const r = route(async (_url, n) => {
      if (n === 1) await gate.promise; // the first build hangs on a slow provider
      return jsonOk({ build: n }, { cache: CACHE, degraded: true });
    });
    const first = r.GET(new Request(`${BASE}?q=usdc`));
    const second = await r.GET(new Request(`${BASE}?q=usdc`));
    expect(((await second.json()) as { build: number }).build).toBe(2);
    gate.resolve();
    expect((await first).status).toBe(200);
  });
});
