/**
 * The documented contract cannot drift: every public route's live answers — 200s and errors, in
 * the demo world and with every provider failing — validate against the schema the OpenAPI
 * document gives for that status, and every status a route answered with is documented. A field
 * added to a body without its schema fails here.
 */
import * as badge from "@/app/api/badge/[asset]/route";
import * as depegs from "@/app/api/stablecoin-depegs/route";
import * as events from "@/app/api/stablecoin-events/route";
import * as ownHistory from "@/app/api/stablecoin-history/route";
import * as atomFeed from "@/app/depegs.atom/route";
import * as jsonFeed from "@/app/depegs.json/route";
import * as eventsAtomFeed from "@/app/events.atom/route";
import * as eventsJsonFeed from "@/app/events.json/route";
import * as flows from "@/app/api/stablecoin-flows/route";
import * as health from "@/app/api/health/route";
import * as intel from "@/app/api/stablecoin-intel/route";
import * as chains from "@/app/api/stablecoin-chains/route";
import * as issuers from "@/app/api/stablecoin-issuers/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as pegHistory from "@/app/api/stablecoin-peg-history/route";
import * as pools from "@/app/api/stablecoin-pools/route";
import * as exitCost from "@/app/api/stablecoin-exit-cost/route";
import * as risk from "@/app/api/stablecoin-risk/route";
import * as supply from "@/app/api/stablecoin-supply/route";
import { openApiDocument } from "@/lib/api/openapi";
import type { Provider } from "../../fake-upstream/server";
import { call, forgetProcessState, startHarness, type Harness } from "../helpers/harness";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { seedDemoHistory } from "../../../scripts/demo-history";
import { EXAMPLE_HISTORY_SAMPLES, trimExample } from "../../../scripts/openapi-examples";

type Handler = (request: Request) => Promise<Response>;
type Module = Record<"GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>;

interface Target {
  module: Module;
  ok: string;
  /** Requests that must be rejected with a 4xx. */
  bad: string[];
}

const ASSET_BAD = (path: string, extra = "") => [
  `${path}?q=${extra}`,
  `${path}?q=usdc&q=usdt${extra}`,
  `${path}?q=no-such-coin-anywhere${extra}`,
];

const TARGETS: Record<string, Target> = {
  "/api/stablecoin-intel": {
    module: intel,
    ok: "/api/stablecoin-intel?q=usdc",
    bad: ASSET_BAD("/api/stablecoin-intel"),
  },
  "/api/stablecoin-risk": {
    module: risk,
    ok: "/api/stablecoin-risk?q=usdc",
    bad: ASSET_BAD("/api/stablecoin-risk"),
  },
  "/api/stablecoin-peg-history": {
    module: pegHistory,
    ok: "/api/stablecoin-peg-history?q=usdc&window=7d",
    bad: [
      ...ASSET_BAD("/api/stablecoin-peg-history", "&window=7d"),
      "/api/stablecoin-peg-history?q=usdc&window=1y",
    ],
  },
  "/api/stablecoin-pools": {
    module: pools,
    ok: "/api/stablecoin-pools?q=usdc&size_usd=1000000",
    bad: [...ASSET_BAD("/api/stablecoin-pools"), "/api/stablecoin-pools?q=usdc&size_usd=-5"],
  },
  "/api/stablecoin-exit-cost": {
    module: exitCost,
    ok: "/api/stablecoin-exit-cost?q=usdc&sizes_usd=10000,1000000",
    bad: [
      ...ASSET_BAD("/api/stablecoin-exit-cost"),
      "/api/stablecoin-exit-cost?q=usdc&sizes_usd=500",
      "/api/stablecoin-exit-cost?q=usdc&sizes_usd=1000,2000,3000,4000,5000,6000,7000",
    ],
  },
  "/api/stablecoin-supply": {
    module: supply,
    ok: "/api/stablecoin-supply",
    bad: ["/api/stablecoin-supply?a=1&a=2"],
  },
  "/api/stablecoin-issuers": {
    module: issuers,
    ok: "/api/stablecoin-issuers",
    bad: ["/api/stablecoin-issuers?a=1&a=2"],
  },
  "/api/stablecoin-chains": {
    module: chains,
    ok: "/api/stablecoin-chains",
    bad: [
      "/api/stablecoin-chains?chain=no-such-chain",
      "/api/stablecoin-chains?chain=%3Cx%3E",
      "/api/stablecoin-chains?chain=a&chain=b",
    ],
  },
  "/api/stablecoin-flows": {
    module: flows,
    ok: "/api/stablecoin-flows?q=usdc",
    bad: ["/api/stablecoin-flows?wallet=0x12", "/api/stablecoin-flows?q=no-such-coin-anywhere"],
  },
  "/api/stablecoin-depegs": {
    module: depegs,
    ok: "/api/stablecoin-depegs?q=usdc&window=365d",
    bad: [...ASSET_BAD("/api/stablecoin-depegs"), "/api/stablecoin-depegs?window=7d"],
  },
  "/api/stablecoin-history": {
    module: ownHistory,
    ok: "/api/stablecoin-history?q=usdc&window=7d",
    bad: [
      ...ASSET_BAD("/api/stablecoin-history", "&window=7d"),
      "/api/stablecoin-history?q=usdc&window=1y",
      "/api/stablecoin-history?q=usdc&format=xml",
    ],
  },
  "/api/stablecoin-events": {
    module: events,
    ok: "/api/stablecoin-events?q=usdc&window=365d",
    bad: [
      ...ASSET_BAD("/api/stablecoin-events"),
      "/api/stablecoin-events?type=drain",
      "/api/stablecoin-events?confirmed=1",
    ],
  },
  "/api/health": { module: health, ok: "/api/health", bad: [] },
  "/api/openapi.json": { module: openapi, ok: "/api/openapi.json", bad: [] },
};

/** Documented routes whose bodies are not JSON (tested on their own below). */
const BADGE_PATH = "/api/badge/{asset}.svg";
const NOT_JSON = [BADGE_PATH, "/depegs.atom", "/depegs.json", "/events.atom", "/events.json"];

const PROVIDERS: Provider[] = ["defillama", "coingecko", "dexscreener", "dune"];
const UNSAFE = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** Every key path of a JSON value (`a.b[].c`), sorted: its shape without its values. */
function shapeOf(value: unknown, at = ""): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => shapeOf(v, `${at}[]`)))].sort();
  if (value && typeof value === "object")
    return Object.entries(value)
      .flatMap(([k, v]) => [`${at}.${k}`, ...shapeOf(v, `${at}.${k}`)])
      .sort();
  return [];
}

function documentedExample(path: string): unknown {
  const doc = openApiDocument() as {
    paths: Record<
      string,
      { get: { responses: Record<string, { content: Record<string, { example: unknown }> }> } }
    >;
  };
  return doc.paths[path]!.get.responses["200"]!.content["application/json"]!.example;
}

/** Routes that read the own history: seeded first, as the example's recorder seeds it. */
const HISTORY_READERS = new Set(["/api/stablecoin-history"]);

/** Routes whose example is not a recorded data body (per-run counters; the document itself). */
const NOT_RECORDED = new Set(["/api/health", "/api/openapi.json"]);

/** Calls `url`, checks the status is documented and the body matches its schema. */
async function answerMatchesDocument(
  handler: Handler,
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Record<string, unknown>; problems: string[] }> {
  const res = await call(handler, url, init);
  const body = (await res.json()) as Record<string, unknown>;
  const path = url.split("?")[0]!;
  const documented = Object.keys(
    (openApiDocument() as { paths: Record<string, { get: { responses: object } }> }).paths[path]!
      .get.responses,
  );
  const problems = documented.includes(String(res.status))
    ? validateAgainstOpenApi(path, res.status, body)
    : [`status ${res.status} is not documented for ${path}`];
  return { status: res.status, body, problems };
}

describe("every route's live answers match the OpenAPI document", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file");
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  it("documents exactly the routes tested here", () => {
    const documented = Object.keys((openApiDocument() as { paths: object }).paths).sort();
    expect(documented).toEqual([...Object.keys(TARGETS), ...NOT_JSON].sort());
  });

  it("the feeds answer their documented media types", async () => {
    const doc = openApiDocument() as {
      paths: Record<string, { get: { responses: Record<string, { content: object }> } }>;
    };
    for (const [path, handler] of [
      ["/depegs.atom", atomFeed.GET],
      ["/depegs.json", jsonFeed.GET],
      ["/events.atom", eventsAtomFeed.GET],
      ["/events.json", eventsJsonFeed.GET],
    ] as const) {
      const res = await call(handler, path);
      expect([path, res.status]).toEqual([path, 200]);
      const media = res.headers.get("content-type")!.split(";")[0]!;
      expect(Object.keys(doc.paths[path]!.get.responses["200"]!.content)).toEqual([media]);
    }
    const feed = (await (await call(jsonFeed.GET, "/depegs.json")).json()) as {
      version: string;
      _stablecoin_intel: { holderAnalyticsSupported: boolean };
    };
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed._stablecoin_intel.holderAnalyticsSupported).toBe(false);
  });

  it("the badge answers its documented media type: an SVG 200, and an SVG 404 for an unknown coin", async () => {
    const doc = openApiDocument() as {
      paths: Record<string, { get: { responses: Record<string, { content: object }> } }>;
    };
    const responses = doc.paths[BADGE_PATH]!.get.responses;
    for (const [url, status] of [
      ["/api/badge/usdc.svg", 200],
      ["/api/badge/no-such-coin-anywhere.svg", 404],
    ] as const) {
      const res = await call(badge.GET, url);
      expect([url, res.status]).toEqual([url, status]);
      const media = res.headers.get("content-type")!.split(";")[0]!;
      expect(Object.keys(responses[String(status)]!.content)).toContain(media);
      expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
  });

  /** The demo world of `path`: its own history seeded when the route reads it. */
  const demoWorld = async (path: string) => {
    if (HISTORY_READERS.has(path))
      await seedDemoHistory(h.fake, { maxSamples: EXAMPLE_HISTORY_SAMPLES });
  };

  describe.each(Object.entries(TARGETS))("%s", (_path, target) => {
    it("demo world: the 200 matches its schema", async () => {
      await demoWorld(_path);
      const r = await answerMatchesDocument(target.module.GET, target.ok);
      expect([r.status, r.problems]).toEqual([200, []]);
    });

    it("demo world: the documented example has the shape of today's 200 (re-record with npm run openapi:examples)", async () => {
      if (NOT_RECORDED.has(_path)) return;
      await demoWorld(_path);
      const res = await call(target.module.GET, target.ok);
      const live = trimExample(await res.json());
      expect(shapeOf(documentedExample(_path))).toEqual(shapeOf(live));
    });

    it("demo world: bad input answers a documented 4xx matching its schema", async () => {
      for (const url of target.bad) {
        const r = await answerMatchesDocument(target.module.GET, url);
        expect([url, r.status >= 400 && r.status < 500, r.problems]).toEqual([url, true, []]);
      }
    });

    it("other methods answer 405 + Allow, matching the documented 405", async () => {
      for (const method of UNSAFE) {
        const res = await call(target.module[method], target.ok, { method, body: "{}" });
        expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        const body = await res.json();
        expect([method, res.status]).toEqual([method, 405]);
        expect(validateAgainstOpenApi(target.ok.split("?")[0]!, 405, body)).toEqual([]);
      }
    });

    it("degraded world (every provider failing, nothing cached): a documented status, matching its schema", async () => {
      for (const p of PROVIDERS) h.fake.setScenario(p, "503");
      forgetProcessState();
      const r = await answerMatchesDocument(target.module.GET, target.ok);
      expect(r.problems).toEqual([]);
      expect([200, 404, 503]).toContain(r.status);
    });
  });

  it("the degraded world is degraded: data routes warn or fail, never answer as healthy", async () => {
    for (const p of PROVIDERS) h.fake.setScenario(p, "503");
    let warned = 0;
    for (const [path, target] of Object.entries(TARGETS)) {
      if (path === "/api/health" || path === "/api/openapi.json") continue;
      const res = await call(target.module.GET, target.ok);
      const body = (await res.json()) as { warnings?: string[] };
      if (res.status !== 200 || (body.warnings ?? []).length > 0) warned++;
      expect([path, res.headers.get("cache-control")]).toEqual([path, "no-store"]);
    }
    expect(warned).toBe(Object.keys(TARGETS).length - 2);
  });

  it("the document is JSON whatever Accept asks for, with the flag as header and extension", async () => {
    for (const accept of ["text/html", "application/xml", "*/*", "application/yaml"]) {
      const res = await call(openapi.GET, "/api/openapi.json", { headers: { Accept: accept } });
      expect([accept, res.status]).toEqual([accept, 200]);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("x-holder-analytics-supported")).toBe("false");
      const body = (await res.json()) as Record<string, unknown>;
      expect(body["x-holder-analytics-supported"]).toBe(false);
    }
  });
});
