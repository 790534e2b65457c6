/**
 * Input fuzzing (fast-check) over every public route and parameter: unicode, lone surrogates,
 * `__proto__`/`constructor`, `../` traversal, CRLF, NUL bytes, very long and repeated
 * parameters, unknown parameters, raw and percent-garbage encodings, every method.
 *
 * Properties: the status is only ever 200, 400, 404 or 405; every body is JSON carrying
 * `holderAnalyticsSupported: false`; every upstream request the fake saw is a GET on an
 * allow-listed upstream path (docs/route-contract.md). Runs per property: FUZZ_RUNS (default 200); replay a failure
 * with FUZZ_SEED=<seed> (printed at start and in every failure message).
 */
import fc from "fast-check";
import * as openapi from "@/app/api/openapi.json/route";
import { carriesFlag } from "../../helpers/flag";
import { writeReliabilityReport } from "@/scripts/reliability-report";
import { startHarness, type Harness } from "../helpers/harness";
import {
  HEALTH,
  ROUTES,
  isAllowedUpstream,
  parseJson,
  timed,
  writeResults,
  type Handler,
} from "./helpers";
import { percentEncode as encode } from "../../helpers/percent-encode";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
jest.setTimeout(Math.max(60_000, RUNS * 150));

const TARGETS: { name: string; path: string; handler: Handler }[] = [
  ...ROUTES.map((r) => ({ name: r.name, path: r.url.split("?")[0]!, handler: r.handler })),
  { name: "health", path: "/api/health", handler: HEALTH },
  { name: "openapi", path: "/api/openapi.json", handler: openapi.GET as Handler },
];
const MODULES = ROUTES.map((r) => r.module);

const NASTY = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "../../../../etc/passwd",
  "..%2f..%2f.env",
  "..\\..\\windows",
  "%0d%0aSet-Cookie:%20x=1",
  "\r\nX-Injected: 1",
  "\u0000",
  "%00",
  "usdc%00",
  "usdc\u0000",
  "USDC",
  "usdc",
  "usd-coin",
  "dai",
  "usdt",
  "1",
  "0x" + "ab".repeat(20),
  "0x" + "AB".repeat(20) + "00",
  "24h",
  "7d",
  "30d",
  "1000000",
  "1e6",
  "-1",
  "0",
  "99999999999.99",
  "NaN",
  "Infinity",
  " ",
  "",
  "%",
  "%zz",
  "%ED%A0%80",
  "%ff%fe",
  "\ud800",
  "\udfff",
  "𝕦𝕤𝕕𝕔",
  "ＵＳＤＣ",
  "usdc\u200b",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${jndi:ldap://x}",
  "x".repeat(10_000),
];
const NAMES = [
  "q",
  "window",
  "size_usd",
  "wallet",
  "Q",
  "q ",
  "__proto__",
  "constructor",
  "q[]",
  "",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** Real selectors (symbols, CoinGecko and DefiLlama ids) so fresh upstream reads happen too. */
const SELECTORS = [
  "USDe",
  "pyusd",
  "FDUSD",
  "gho",
  "crvusd",
  "frax",
  "husd",
  "LUSD",
  "jup",
  "usds",
  "eurc",
  "paypal-usd",
  "gho",
  "6",
  "17",
  "31",
  "33",
  "50",
  "110",
  "118",
  "119",
  "146",
  "149",
  "209",
  "233",
  "237",
  "262",
  "335",
];
const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.constantFrom(...SELECTORS) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.oneof(
        loneSurrogate,
        fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 1 }),
      ),
      maxLength: 20,
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 65, maxLength: 4_000 }) },
);
const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
);
const param = fc.record({ name, value, encoding: fc.constantFrom("encoded", "raw") });
/** The routes' own parameters, each present or not, valid-looking more often than not. */
const structured = fc
  .record(
    {
      q: value,
      window: fc.oneof(fc.constantFrom("24h", "7d", "30d"), value),
      size_usd: fc.oneof(fc.constantFrom("1000000", "5000.5"), value),
      wallet: fc.oneof(fc.constantFrom("0x" + "ab".repeat(20)), value),
    },
    { requiredKeys: [] },
  )
  .map((r) => Object.entries(r).map(([n, v]) => ({ name: n, value: v, encoding: "encoded" })));
/** Structured queries, distinct random names, or anything (repeated names included). */
const query = fc.oneof(
  { weight: 3, arbitrary: structured },
  { weight: 2, arbitrary: fc.uniqueArray(param, { selector: (p) => p.name, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(param, { maxLength: 6 }) },
);

function buildUrl(path: string, params: { name: string; value: string; encoding: string }[]) {
  const qs = params
    .map((p) =>
      p.encoding === "raw" ? `${p.name}=${p.value}` : `${encode(p.name)}=${encode(p.value)}`,
    )
    .join("&");
  return qs ? `${path}?${qs}` : path;
}

const statuses: Record<string, number> = {};
let upstreamChecked = 0;

describe("input fuzzing (fast-check)", () => {
  let h: Harness;
  beforeAll(async () => {
    console.log(`fuzz: seed ${SEED}, ${RUNS} runs per property (replay: FUZZ_SEED=${SEED})`);
    h = await startHarness("file");
    await h.reset();
  });
  afterAll(async () => {
    writeResults("fuzz", {
      generatedAt: new Date().toISOString(),
      seed: SEED,
      runsPerProperty: RUNS,
      statuses,
      upstreamRequestsChecked: upstreamChecked,
    });
    await writeReliabilityReport();
    await h.close();
  });

  /** Every upstream request since `from` is an allow-listed GET; returns the offenders. */
  function offendingUpstream(from: number) {
    const reqs = h.fake.requests().slice(from);
    upstreamChecked += reqs.length;
    return reqs.filter((r) => !isAllowedUpstream(r)).map((r) => `${r.method} ${r.path}`);
  }

  const params = { numRuns: RUNS, seed: SEED, endOnFailure: true } as const;

  it("GET: 200/400/404 only, JSON with the flag, upstream only on allow-listed paths", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TARGETS), query, async (target, ps) => {
        const from = h.fake.requests().length;
        let url: string;
        try {
          url = new URL(buildUrl(target.path, ps), "http://localhost").toString();
        } catch {
          return; // not a URL a client could send
        }
        const r = await timed(target.handler, url);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        expect([200, 400, 404]).toContain(r.status);
        expect(r.res.headers.get("content-type")).toMatch(/^application\/json/);
        const body = parseJson(r.text);
        expect(carriesFlag(target.path, r.status, body)).toBe(true);
        if (r.status !== 200) {
          const message = (body?.error as { message?: string } | undefined)?.message ?? "";
          expect(message.length).toBeLessThan(300);
          expect(message).not.toMatch(/[\r\n\0]/);
        }
        expect(offendingUpstream(from)).toEqual([]);
      }),
      params,
    );
  });

  it("other methods: 405 + Allow on unsafe methods, HEAD mirrors GET without a body", async () => {
    const methods = fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "HEAD");
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: MODULES.length - 1 }),
        methods,
        query,
        value,
        async (i, m, ps, payload) => {
          const from = h.fake.requests().length;
          const path = TARGETS[i]!.path;
          const handler = MODULES[i]![m];
          const init: RequestInit = m === "HEAD" ? { method: m } : { method: m, body: payload };
          const r = await timed(
            handler,
            buildUrl(
              path,
              ps.filter((p) => p.encoding === "encoded"),
            ),
            init,
          );
          statuses[`${m} ${r.status}`] = (statuses[`${m} ${r.status}`] ?? 0) + 1;
          if (m === "HEAD") {
            expect([200, 400, 404]).toContain(r.status);
            expect(r.text).toBe("");
          } else {
            expect(r.status).toBe(405);
            expect(r.res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
            expect(parseJson(r.text)?.holderAnalyticsSupported).toBe(false);
            expect(offendingUpstream(from)).toEqual([]);
          }
        },
      ),
      params,
    );
  });

  it("the fake saw only allow-listed upstream requests, never an execute or a key in a URL", () => {
    const all = h.fake.requests();
    expect(all.filter((r) => !isAllowedUpstream(r))).toEqual([]);
    for (const r of all) expect(r.path).not.toMatch(/execute|execution|api[_-]?key|canary/i);
  });
});
