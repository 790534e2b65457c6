import net from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { startFakeUpstream, type FakeUpstream, type Provider } from "@/tests/fake-upstream/server";

const SAMPLES = path.join(__dirname, "../../fake-upstream/fixtures/samples");
const sample = (name: string) =>
  JSON.parse(readFileSync(path.join(SAMPLES, name), "utf8")) as unknown;
const DUNE_KEY = { "x-dune-api-key": "k" };

let fake: FakeUpstream;
/** One representative upstream URL per provider (docs/route-contract.md). */
let URLS: Record<Provider, string>;

beforeAll(async () => {
  fake = await startFakeUpstream({ now: () => Date.UTC(2026, 0, 15, 12) });
  const b = fake.baseUrls;
  URLS = {
    defillama: `${b.STABLECOINS_API_URL}/stablecoins?includePrices=true`,
    coingecko: `${b.COINGECKO_API_URL}/coins/markets?vs_currency=usd&ids=tether`,
    dexscreener: `${b.DEXSCREENER_API_URL}/token-pairs/v1/ethereum/0xdAC17F958D2ee523a2206206994597C13D831ec7`,
    dune: `${b.DUNE_API_URL}/query/4000001/results`,
    "defillama-coins": `${b.DEFILLAMA_COINS_API_URL}/prices/current/coingecko:tether`,
  };
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.resetScenarios();
  fake.clearRequests();
});

const PROVIDERS: Provider[] = ["defillama", "coingecko", "dexscreener", "dune", "defillama-coins"];
const get = (p: Provider, init: RequestInit = {}) => fetch(URLS[p], { headers: DUNE_KEY, ...init });

describe("fake upstream scenarios", () => {
  it.each(PROVIDERS)("%s: 500/502/503 answer HTML with that status", async (p) => {
    for (const s of ["500", "502", "503"] as const) {
      fake.setScenario(p, s);
      const res = await get(p);
      expect(res.status).toBe(Number(s));
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("<html>");
    }
  });

  it.each(PROVIDERS)("%s: 429 carries Retry-After: 30", async (p) => {
    fake.setScenario(p, "429");
    const res = await get(p);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("30");
    const body = await res.text();
    if (p === "coingecko")
      expect(JSON.parse(body)).toEqual(sample("coingecko-error-429.reconstructed.json"));
  });

  it.each(PROVIDERS)("%s: hang gives no response within 300 ms", async (p) => {
    fake.setScenario(p, "hang");
    await expect(get(p, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(fake.requests()[0]?.status).toBeUndefined();
  });

  it("slow delays the headers by delayMs, then answers ok", async () => {
    fake.setScenario("coingecko", "slow", { delayMs: 150 });
    const t0 = Date.now();
    const res = await get("coingecko");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(1);
  });

  it("drip sends headers, then the body in small timed chunks", async () => {
    fake.setScenario("coingecko", "drip", { chunkBytes: 200, intervalMs: 25 });
    const t0 = Date.now();
    const res = await get("coingecko");
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    let chunks = 0;
    let text = "";
    const dec = new TextDecoder();
    for (;;) {
      const r = await reader?.read();
      if (!r || r.done) break;
      chunks += 1;
      text += dec.decode(r.value, { stream: true });
    }
    expect(chunks).toBeGreaterThanOrEqual(3);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(75);
    expect((JSON.parse(text) as unknown[]).length).toBe(1);
  });

  it.each(PROVIDERS)(
    "%s: malformed is truncated JSON, wrong-shape is valid JSON of another shape",
    async (p) => {
      fake.setScenario(p, "malformed");
      const bad = await get(p);
      expect(bad.status).toBe(200);
      const text = await bad.text();
      expect(text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(text)).toThrow();
      fake.setScenario(p, "wrong-shape");
      expect(await (await get(p)).json()).toEqual({ unexpected: true });
    },
  );

  it("empty serves empty rows per provider", async () => {
    for (const p of PROVIDERS) fake.setScenario(p, "empty");
    expect(await (await get("defillama")).json()).toEqual({ peggedAssets: [], chains: [] });
    expect(await (await get("coingecko")).json()).toEqual([]);
    expect(await (await get("dexscreener")).json()).toEqual([]);
    const dune = (await (await get("dune")).json()) as {
      result: { rows: unknown[]; metadata: { row_count: number } };
    };
    expect(dune.result.rows).toEqual([]);
    expect(dune.result.metadata.row_count).toBe(0);
    const chart = await fetch(
      `${fake.baseUrls.COINGECKO_API_URL}/coins/dai/market_chart?vs_currency=usd&days=7`,
    );
    expect(await chart.json()).toEqual({ prices: [], market_caps: [], total_volumes: [] });
  });

  it("oversized streams a valid JSON body larger than 10 MB", async () => {
    for (const p of ["dune", "dexscreener"] as const) {
      fake.setScenario(p, "oversized");
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-length")).toBeNull();
      const buf = Buffer.from(await res.arrayBuffer());
      expect(buf.length).toBeGreaterThan(10 * 1024 * 1024);
      expect(() => JSON.parse(buf.toString("utf8"))).not.toThrow();
    }
    fake.setScenario("coingecko", "oversized", { declareLength: true, sizeBytes: 10_500_000 });
    const res = await get("coingecko");
    const declared = Number(res.headers.get("content-length"));
    expect(declared).toBeGreaterThan(10_000_000);
    expect((await res.arrayBuffer()).byteLength).toBe(declared);
  });

  it("redirect answers 302 to another origin and records hits there", async () => {
    fake.setScenario("dexscreener", "redirect");
    const manual = await get("dexscreener", { redirect: "manual" });
    expect(manual.status).toBe(302);
    const location = manual.headers.get("location") ?? "";
    expect(location).toBe(fake.redirectTargetUrl);
    expect(new URL(location).port).not.toBe(String(fake.port));
    await expect(get("dexscreener", { redirect: "error" })).rejects.toThrow();
    expect(fake.redirectTargetHits()).toHaveLength(0);
    const followed = await get("dexscreener", { redirect: "follow" });
    expect(await followed.json()).toEqual({ stolen: true });
    expect(fake.redirectTargetHits()).toHaveLength(1);
    expect(fake.redirectTargetHits()[0]?.path).toBe("/steal");
  });

  it("Dune never-run and unauthorized use the exact sample bodies; other providers refuse them", async () => {
    fake.setScenario("dune", "never-run");
    let res = await get("dune");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(sample("dune-error-404-no-execution.json"));
    fake.setScenario("dune", "unauthorized");
    res = await get("dune");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(sample("dune-error-401-invalid-api-key.json"));
    expect(() => fake.setScenario("coingecko", "never-run")).toThrow(/Dune-only/);
  });

  it("Dune result variants change the ok envelope only as named", async () => {
    type Envelope = Record<string, unknown> & { result: { rows: Record<string, unknown>[] } };
    const page = async (qs = "") =>
      (await (await fetch(URLS.dune + qs, { headers: DUNE_KEY })).json()) as Envelope;
    const ok = await page();
    expect(ok.state).toBe("QUERY_STATE_COMPLETED");

    fake.setScenario("dune", "truncated");
    expect((await page("?limit=1000&offset=0")).next_offset).toBe(1000);
    expect((await page("?limit=1000&offset=5000")).next_offset).toBe(6000);
    fake.setScenario("dune", "partial");
    expect((await page()).state).toBe("QUERY_STATE_COMPLETED_PARTIAL");
    fake.setScenario("dune", "rows-dropped");
    expect((await page()).result.rows).toHaveLength(ok.result.rows.length + 3);
    fake.setScenario("dune", "invalid-rows");
    expect((await page()).result.rows.every((r) => r.unexpected === true)).toBe(true);
    fake.setScenario("dune", "old-execution", { executionAgeMs: 3_600_000 });
    expect((await page()).execution_ended_at).toBe("2026-01-15T11:00:00.000Z");
    fake.setScenario("dune", "odd-values");
    const odd = (await page()).result.rows.slice(-3).map((r) => r.blockchain);
    expect(odd).toEqual(["__proto__", "constructor", "toString"]);
    expect(() => fake.setScenario("coingecko", "truncated")).toThrow(/Dune-only/);
  });

  it("odd-values: own __proto__/constructor/toString chains in the aggregate, bad prices in charts", async () => {
    fake.setScenario("defillama", "odd-values");
    const text = await (await get("defillama")).text();
    const asset = (JSON.parse(text) as { peggedAssets: { chainCirculating: object }[] })
      .peggedAssets[0]!;
    expect(Object.hasOwn(asset.chainCirculating, "__proto__")).toBe(true);
    expect(Object.keys(asset.chainCirculating)).toEqual(
      expect.arrayContaining(["__proto__", "constructor", "toString"]),
    );
    fake.setScenario("coingecko", "odd-values");
    const chart = (await (
      await fetch(
        `${fake.baseUrls.COINGECKO_API_URL}/coins/tether/market_chart?vs_currency=usd&days=30`,
      )
    ).json()) as { prices: [number, number | null][] };
    const bad = chart.prices.filter(([, p]) => p === null || p <= 0).map(([, p]) => p);
    expect(bad).toEqual([0, 0, 0, -0.5, null]);
  });

  it("times and match limit a scenario", async () => {
    fake.setScenario("coingecko", "503", { times: 1 });
    expect((await get("coingecko")).status).toBe(503);
    expect((await get("coingecko")).status).toBe(200);
    fake.setScenario("coingecko", "500", { match: "/tickers" });
    expect((await get("coingecko")).status).toBe(200);
    expect(
      (await fetch(`${fake.baseUrls.COINGECKO_API_URL}/coins/dai/tickers?depth=true`)).status,
    ).toBe(500);
  });
});

describe("fake upstream control endpoint", () => {
  it("switches scenarios and lists requests over HTTP", async () => {
    const set = await fetch(`${fake.controlUrl}/scenario`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "defillama", scenario: "502" }),
    });
    expect(set.status).toBe(200);
    await set.text();
    expect((await get("defillama")).status).toBe(502);
    const log = (await (await fetch(`${fake.controlUrl}/requests`)).json()) as Array<{
      provider: string;
      status: number;
    }>;
    expect(log).toEqual([
      expect.objectContaining({ provider: "defillama", status: 502, scenario: "502" }),
    ]);
    const bad = await fetch(`${fake.controlUrl}/scenario`, {
      method: "POST",
      body: JSON.stringify({ provider: "x", scenario: "ok" }),
    });
    expect(bad.status).toBe(400);
    await bad.text();
    await (await fetch(`${fake.controlUrl}/reset`, { method: "POST" })).text();
    expect((await get("defillama")).status).toBe(200);
  });
});

describe("fake upstream close()", () => {
  it("destroys hanging, slow and dripping requests and frees both ports", async () => {
    const f = await startFakeUpstream({});
    f.setScenario("dune", "hang");
    f.setScenario("coingecko", "slow", { delayMs: 60_000 });
    f.setScenario("defillama", "drip");
    const pending = [
      fetch(`${f.baseUrls.DUNE_API_URL}/query/4000001/results`, { headers: DUNE_KEY }),
      fetch(`${f.baseUrls.COINGECKO_API_URL}/coins/markets?vs_currency=usd`),
      fetch(`${f.baseUrls.STABLECOINS_API_URL}/stablecoins`).then((r) => r.text()),
    ].map((p) =>
      p.then(
        () => "settled",
        () => "rejected",
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(f.requests()).toHaveLength(3);
    await f.close();
    expect(await Promise.all(pending)).toEqual(["rejected", "rejected", "rejected"]);
    const refused = (port: number) =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, "127.0.0.1");
        s.on("connect", () => {
          s.destroy();
          resolve(false);
        });
        s.on("error", () => resolve(true));
      });
    expect(await refused(f.port)).toBe(true);
    expect(await refused(Number(new URL(f.redirectTargetUrl).port))).toBe(true);
  });
});
