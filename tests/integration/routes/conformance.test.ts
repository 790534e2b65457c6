/**
 * Conformance with a judge the code did not write (../helpers/conformance.ts): the document as
 * `/api/openapi.json` serves it, applied by ajv (JSON Schema 2020-12), to answers of every
 * documented route for requests generated from that document and hostile ones
 * (../helpers/conformance-inputs.ts), plus wrong methods and paths no route serves. A request the
 * document's parameter schemas refuse must get the documented 400 (or, where none is documented,
 * a documented 4xx); one they allow must not get a 400. Every answer's status is documented for
 * its operation, its body matches that status' schema, its documented headers are present.
 */
import * as badge from "@/app/api/badge/[asset]/route";
import * as chains from "@/app/api/stablecoin-chains/route";
import * as depegs from "@/app/api/stablecoin-depegs/route";
import * as events from "@/app/api/stablecoin-events/route";
import * as exitCost from "@/app/api/stablecoin-exit-cost/route";
import * as flows from "@/app/api/stablecoin-flows/route";
import * as health from "@/app/api/health/route";
import * as intel from "@/app/api/stablecoin-intel/route";
import * as issuers from "@/app/api/stablecoin-issuers/route";
import * as noRoute from "@/app/api/no-route/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as ownHistory from "@/app/api/stablecoin-history/route";
import * as pegHistory from "@/app/api/stablecoin-peg-history/route";
import * as pools from "@/app/api/stablecoin-pools/route";
import * as risk from "@/app/api/stablecoin-risk/route";
import * as supply from "@/app/api/stablecoin-supply/route";
import * as atomFeed from "@/app/depegs.atom/route";
import * as jsonFeed from "@/app/depegs.json/route";
import * as eventsAtomFeed from "@/app/events.atom/route";
import * as eventsJsonFeed from "@/app/events.json/route";
import { probesFor } from "../helpers/conformance-inputs";
import { Judge, type Operation } from "../helpers/conformance";
import { adminKv, call, startHarness, type Harness } from "../helpers/harness";
import { getConfig } from "@/lib/config";
import { tokenBySymbol } from "../../fake-upstream/data/assets";
import { seedHistory } from "../../helpers/history-store";
import { HOUR_MS, realistic, seeded } from "../../unit/history/fixtures";

type Handler = (request: Request) => Promise<Response>;
type Method = "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE";
type Module = Record<Method, Handler>;

/** Which handler serves each documented path (a documented path missing here fails). */
const MODULES: Record<string, Module> = {
  "/api/stablecoin-intel": intel,
  "/api/stablecoin-risk": risk,
  "/api/stablecoin-peg-history": pegHistory,
  "/api/stablecoin-pools": pools,
  "/api/stablecoin-exit-cost": exitCost,
  "/api/stablecoin-supply": supply,
  "/api/stablecoin-issuers": issuers,
  "/api/stablecoin-chains": chains,
  "/api/stablecoin-flows": flows,
  "/api/stablecoin-depegs": depegs,
  "/api/badge/{asset}.svg": badge,
  "/depegs.atom": atomFeed,
  "/depegs.json": jsonFeed,
  "/api/stablecoin-history": ownHistory,
  "/api/stablecoin-events": events,
  "/events.atom": eventsAtomFeed,
  "/events.json": eventsJsonFeed,
  "/api/health": health,
  "/api/openapi.json": openapi,
};

const WRONG_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const UNKNOWN_PATHS = [
  "/api/nope",
  "/api/stablecoin-intel/usdc",
  "/api/Stablecoin-Intel?q=usdc",
  "/api/badge/usdc.png",
  "/api/%F0%9F%98%80",
  "/api/stablecoin-intel%20",
];
/** The whole sweep: a count of requests against the fake upstream, not a speed target. */
const SWEEP_TIMEOUT_MS = 10 * 60_000;
/** The sweep must really be wide: over 1,200 requests. */
const MIN_PROBES = 1_200;

const OWN_HISTORY_HOURS = 48;

/** Statuses that answer a request the document refuses. */
const CLIENT_ERROR = (s: number) => s >= 400 && s < 500;

let h: Harness;
let judge: Judge;

/** Two days of USDC's own history, so the history routes' points (and gaps) are judged too. */
async function seedOwnHistory() {
  const rand = seeded(35);
  const last = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const samples = Array.from({ length: OWN_HISTORY_HOURS }, (_, i) => {
    const s = realistic(i, rand, last - (OWN_HISTORY_HOURS - 1 - i) * HOUR_MS);
    return i === 1 ? { ...s, sale_1m: { ...s.sale_1m, price_usd: null } } : s;
  });
  const kv = adminKv();
  try {
    await seedHistory(kv, tokenBySymbol("USDC")!.defillamaId, samples, {
      intervalSeconds: getConfig().history.sampleSeconds,
      nowMs: Date.now(),
    });
  } finally {
    await kv.close();
  }
}

beforeAll(async () => {
  // The limiter on (its headers are documented on every GET and HEAD answer) but never reached.
  h = await startHarness("file", { PUBLIC_RATE_LIMIT_PER_MINUTE: "1000000000" });
  await seedOwnHistory();
  const served = await call(openapi.GET, "/api/openapi.json");
  judge = new Judge(await served.json());
});
afterAll(async () => {
  await h?.close();
});

async function answer(handler: Handler, url: string, method: Method = "GET") {
  const res = await call(handler, url, { method });
  const text = method === "HEAD" || res.status === 304 ? null : await res.text();
  return { status: res.status, headers: res.headers, text };
}

/** One probe, judged: a list of what is wrong (empty when the answer conforms). */
async function judged(o: Operation, handlers: Module, url: string, pathValues = {}) {
  const invalid = judge.requestProblems(o, new URL(url, "http://localhost"), pathValues);
  const res = await answer(handlers.GET, url);
  const problems = judge.answerProblems(o, res.status, res.headers, res.text);
  const has400 = "400" in o.op.responses;
  if (invalid.length > 0 && !(has400 ? res.status === 400 : CLIENT_ERROR(res.status)))
    problems.push(`refused by the document (${invalid.join("; ")}) but answered ${res.status}`);
  if (invalid.length === 0 && res.status === 400)
    problems.push(`allowed by the document but answered 400: ${res.text?.slice(0, 200)}`);
  if (res.status >= 500) problems.push(`answered ${res.status}`);
  return { status: res.status, problems: problems.map((p) => `${url} → ${p}`) };
}

describe("conformance with the served document, judged by ajv", () => {
  it("serves a handler for every documented path", () => {
    expect(
      judge
        .operations()
        .map((o) => o.path)
        .sort(),
    ).toEqual(Object.keys(MODULES).sort());
  });

  it("every JSON data response schema requires the flag at its top level", () => {
    expect(judge.flagNotRequired()).toEqual([]);
  });

  it(
    "generated and hostile requests to every route get a documented answer",
    async () => {
      const failures: string[] = [];
      const answered200 = new Set<string>();
      let probes = 0;
      for (const o of judge.operations()) {
        const handlers = MODULES[o.path]!;
        for (const probe of probesFor(o.path, o.params)) {
          const r = await judged(o, handlers, probe.url, probe.pathValues);
          failures.push(...r.problems);
          if (r.status === 200) answered200.add(o.path);
          probes++;
        }
      }
      expect(failures).toEqual([]);
      expect(probes).toBeGreaterThan(MIN_PROBES);
      // Not a sweep of refusals only: every route answered some requests with data.
      expect([...answered200].sort()).toEqual(Object.keys(MODULES).sort());
    },
    SWEEP_TIMEOUT_MS,
  );

  it("HEAD, a matching If-None-Match and wrong methods get their documented answers", async () => {
    const failures: string[] = [];
    for (const o of judge.operations()) {
      const handlers = MODULES[o.path]!;
      const [example] = probesFor(o.path, o.params);
      const url = example!.url;
      const head = await answer(handlers.HEAD, url, "HEAD");
      failures.push(
        ...judge
          .answerProblems(o, head.status, head.headers, null)
          .map((p) => `HEAD ${url} → ${p}`),
      );
      const etag = (await call(handlers.GET, url)).headers.get("etag");
      if (etag) {
        const res = await call(handlers.GET, url, { headers: { "If-None-Match": etag } });
        failures.push(
          ...judge.answerProblems(o, res.status, res.headers, null).map((p) => `304 ${url} → ${p}`),
        );
        if (res.status !== 304) failures.push(`${url} with its ETag → ${res.status}`);
      }
      for (const method of WRONG_METHODS) {
        const res = await answer(handlers[method], url, method);
        const problems = judge.answerProblems(o, res.status, res.headers, res.text);
        if (res.status !== 405) problems.push(`status ${res.status}`);
        failures.push(...problems.map((p) => `${method} ${url} → ${p}`));
      }
    }
    expect(failures).toEqual([]);
  });

  it("a path no route serves answers the documented 404, with the limiter's headers", async () => {
    const failures: string[] = [];
    for (const path of UNKNOWN_PATHS) {
      for (const method of ["GET", "HEAD", "OPTIONS", ...WRONG_METHODS] as const) {
        const res = await answer(noRoute[method], path, method);
        const problems = judge.unknownPathProblems(method, res.status, res.headers, res.text ?? "");
        failures.push(...problems.map((p) => `${method} ${path} → ${p}`));
      }
    }
    expect(failures).toEqual([]);
  });
});
