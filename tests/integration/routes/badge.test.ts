import { QUOTE_BATCH_KEY } from "@/lib/snapshot/market-batch";
import { JSDOM } from "jsdom";
import * as badgeRoute from "@/app/api/badge/[asset]/route";
import { LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";
import { adminKv, call, forgetProcessState, startHarness, type Harness } from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

/** Past the live quote's fresh time (still inside its grace). */
const STALE_AGE_MS = 2 * 60 * 1000;
const STALE_FACE = /^stale · as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/;

/** Ages the stored market quotes of the tracked coins, as if their last read were old. */
async function ageMarketQuotes(): Promise<number> {
  const kv = adminKv();
  try {
    const storedAt = Date.now() - STALE_AGE_MS;
    let aged = 0;
    for (const key of [QUOTE_BATCH_KEY]) {
      const entry = await kv.get<Record<string, unknown>>(key);
      if (!entry) continue;
      await kv.set(key, { ...entry, storedAt }, 600);
      aged += 1;
    }
    if (aged === 0) throw new Error("no stored quote batch");
    return storedAt;
  } finally {
    await kv.close();
  }
}

const faceOf = (text: string) => svgDoc(text).getElementsByTagName("text")[1]?.textContent;

function svgDoc(text: string): Document {
  const doc = new new JSDOM().window.DOMParser().parseFromString(text, "image/svg+xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
}

describe("GET /api/badge/{asset}.svg", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", SLOW_MACHINE_ENV);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });
  const get = (path: string) => call(badgeRoute.GET, `/api/badge/${path}`);

  it("draws the on-peg badge with source and as-of in its title, cacheable and inert", async () => {
    const res = await get("usdc.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toContain(`s-maxage=${LIVE_CACHE_SECONDS}`);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const text = await res.text();
    const doc = svgDoc(text);
    expect(doc.documentElement.localName).toBe("svg");
    expect(doc.getElementsByTagName("script")).toHaveLength(0);
    expect(doc.getElementsByTagName("style")).toHaveLength(0);
    expect(doc.getElementsByTagName("foreignObject")).toHaveLength(0);
    expect(text).not.toMatch(/\son[a-z]+=|href=|javascript:/i);
    const texts = [...doc.getElementsByTagName("text")].map((t) => t.textContent);
    expect(texts).toEqual(["peg", "0.999–1.001 ✓"]);
    const title = doc.getElementsByTagName("title")[0]?.textContent ?? "";
    expect(title).toMatch(/^USDC peg: .*Source: CoinGecko \(market\) as of \d{4}-\d{2}-\d{2}T/);
  });

  it("answers a 404 badge (still an SVG) for unknown coins and malformed paths", async () => {
    for (const path of ["nope-coin.svg", "usdc", "usdc.png", "%3Cscript%3E.svg", "%E0%A4%A.svg"]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const doc = svgDoc(await res.text());
      expect([...doc.getElementsByTagName("text")].map((t) => t.textContent)).toEqual([
        "peg",
        "unknown coin",
      ]);
    }
  });

  it("says not measured (never a number) when the market price is unavailable", async () => {
    h.fake.setScenario("coingecko", "503");
    const res = await get("dai.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const doc = svgDoc(await res.text());
    expect(doc.getElementsByTagName("text")[1]?.textContent).toBe("not measured");
  });

  it("never says within peg from a stale price: stale, with the as-of time, never cached", async () => {
    const fresh = await get("usdc.svg");
    expect(faceOf(await fresh.text())).toBe("0.999–1.001 ✓");
    const storedAt = await ageMarketQuotes();
    forgetProcessState();
    h.fake.setScenario("coingecko", "500");
    for (let i = 0; i < 2; i++) {
      const res = await get("usdc.svg");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const text = await res.text();
      expect(faceOf(text)).toMatch(STALE_FACE);
      expect(faceOf(text)).toContain(new Date(storedAt).toISOString().slice(0, 10));
      expect(svgDoc(text).getElementsByTagName("title")[0]?.textContent).toContain(
        new Date(storedAt).toISOString(),
      );
    }
  });

  it("says stale while a due refresh is still under way too", async () => {
    await get("usdc.svg");
    await ageMarketQuotes();
    forgetProcessState();
    expect(faceOf(await (await get("usdc.svg")).text())).toMatch(STALE_FACE);
  });

  it("reads a percent-encoded selector: usd%2B.svg is the USD+ badge", async () => {
    h.fake.setMarket("full");
    try {
      for (const path of ["usd%2B.svg", "USD%2B.svg", "usd+.svg"]) {
        const res = await get(path);
        expect([path, res.status]).toEqual([path, 200]);
        const title = svgDoc(await res.text()).getElementsByTagName("title")[0]?.textContent;
        expect(title).toMatch(/^USD\+[: ]/);
      }
    } finally {
      h.fake.setMarket("fixture");
    }
  });

  it("carries the flag as a header, on measured and unknown badges alike", async () => {
    for (const path of ["usdc.svg", "nope-coin.svg"]) {
      const res = await get(path);
      expect([path, res.headers.get("x-holder-analytics-supported")]).toEqual([path, "false"]);
    }
  });

  it("answers 405 with Allow for writes", async () => {
    const res = await badgeRoute.PUT();
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
