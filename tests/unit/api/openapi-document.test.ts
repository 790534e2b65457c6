/**
 * The served OpenAPI document is valid (swagger-parser), lint-clean (redocly recommended: 0
 * errors, 0 warnings), generates types (openapi-typescript), documents every public route with
 * the flag on every response, and its examples validate against their own schemas. All offline.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { openApiDocument } from "@/lib/api/openapi";
import { selectorSchema } from "@/lib/api/params";
import {
  generateTypes,
  lintOpenApi,
  validateOpenApi,
  withDocumentFile,
} from "../../../scripts/check-openapi";

jest.setTimeout(120_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = openApiDocument() as Json;
const ROOT = path.resolve(__dirname, "../../..");
/** Routes that are not public API: the benchmark floor, off unless the bench turns it on. */
/**
 * The bench baseline, the 404 answer for paths no route serves (a fallback rewrite), and the
 * refresher's cron trigger (an operator route behind a bearer secret: docs/refresher.md).
 */
const NOT_PUBLIC = new Set(["/api/bench-trivial", "/api/no-route", "/api/cron/refresh"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

function operations(): [string, Json][] {
  return Object.entries(doc.paths as Json).map(([p, item]) => [p, (item as Json).get as Json]);
}

function compile(schema: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return ajv.compile({ ...schema, components: doc.components });
}

describe("outside tools accept the document", () => {
  it("swagger-parser validates it", async () => {
    await withDocumentFile(doc, (file) => expect(validateOpenApi(file)).toBeNull());
  });

  it("redocly lint --extends recommended reports 0 errors and 0 warnings", async () => {
    await withDocumentFile(doc, (file) => expect(lintOpenApi(file)).toEqual([]));
  });

  it("openapi-typescript generates types for every path", async () => {
    await withDocumentFile(doc, (file, dir) => {
      const types = generateTypes(file, path.join(dir, "openapi.d.ts"));
      for (const p of Object.keys(doc.paths as Json)) expect(types).toContain(`"${p}"`);
    });
  });

  it("the checks can fail: a document without security, licence or servers is rejected", async () => {
    const broken = structuredClone(doc);
    delete broken.servers;
    delete broken.info.license;
    delete broken.paths["/api/health"].get.security;
    broken.holderAnalyticsSupported = false; // not allowed at the root of OpenAPI 3.1
    await withDocumentFile(broken, async (file) => {
      expect(validateOpenApi(file)).toMatch(/unevaluated|additional/i);
      const rules = lintOpenApi(file).map((p) => p.ruleId);
      expect(rules).toEqual(expect.arrayContaining(["info-license", "security-defined"]));
    });
  });
});

describe("completeness", () => {
  it("documents every public route handler under app/api", () => {
    const routes = routeFiles(path.join(ROOT, "app/api")).map((f) =>
      ("/" + path.relative(path.join(ROOT, "app"), path.dirname(f))).replace(/\[(\w+)\]/g, "{$1}"),
    );
    // A path parameter may carry a fixed suffix in the document (`/api/badge/{asset}.svg`).
    const documented = Object.keys(doc.paths as Json).map((p) => p.replace(/\}\.\w+$/, "}"));
    for (const r of routes.filter((r) => !NOT_PUBLIC.has(r))) expect(documented).toContain(r);
  });

  it("every operation has an id, a tag, a summary, a description, `security: []`, a 405 and a 500", () => {
    for (const [p, op] of operations()) {
      expect([p, op.operationId, op.tags?.length, op.security]).toEqual([
        p,
        expect.any(String),
        1,
        [],
      ]);
      expect(op.summary.length).toBeGreaterThan(0);
      expect(op.description.length).toBeGreaterThan(0);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "405", "500"]));
      expect(Object.keys(op.responses["405"].headers)).toContain("Allow");
      expect(Object.keys(op.responses["200"].headers)).toContain("Cache-Control");
    }
  });

  it("every operation documents the 429 `rate_limited` and the RateLimit headers on every counted answer", () => {
    const rateHeaders = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
    for (const [p, op] of operations()) {
      const tooMany = op.responses["429"];
      expect([p, Object.keys(tooMany?.headers ?? {})]).toEqual([
        p,
        expect.arrayContaining(["Retry-After", "Cache-Control", ...rateHeaders]),
      ]);
      expect(tooMany.content["application/json"].example.error.code).toBe("rate_limited");
      for (const [status, res] of Object.entries(op.responses as Json)) {
        const names = Object.keys((res as Json).headers ?? {});
        // 405s are answered before the limiter: other methods are not counted.
        if (status === "405") expect(names).not.toContain("RateLimit-Limit");
        else expect([p, status, names]).toEqual([p, status, expect.arrayContaining(rateHeaders)]);
      }
    }
    const codes = doc.components.schemas.Error429.properties.error.properties.code;
    expect(codes.enum).toEqual(["rate_limited"]);
  });

  it("takes the selector's pattern and length from the code, not a copy", () => {
    const q = (doc.paths as Json)["/api/stablecoin-intel"].get.parameters.find(
      (p: Json) => p.name === "q",
    );
    const check = selectorSchema.safeParse("x".repeat(q.schema.maxLength + 1));
    expect(check.success).toBe(false);
    expect(selectorSchema.safeParse("x".repeat(q.schema.maxLength)).success).toBe(true);
    const pattern = new RegExp(q.schema.pattern);
    for (const s of ["usdc", "USDC", "usd-coin", "crvusd", "usd+", "usd0++", "usdc.e", "(x)"])
      expect(pattern.test(s)).toBe(selectorSchema.safeParse(s).success);
  });

  it("states every bound the code enforces as a keyword, not only in words", () => {
    const param = (path: string, name: string) =>
      (doc.paths as Json)[path].get.parameters.find((p: Json) => p.name === name);
    expect(param("/api/stablecoin-pools", "size_usd").schema).toEqual({
      type: "number",
      exclusiveMinimum: 0,
      maximum: 10_000_000_000,
    });
    expect(param("/api/stablecoin-exit-cost", "sizes_usd")).toMatchObject({
      style: "form",
      explode: false,
      schema: {
        type: "array",
        minItems: 1,
        maxItems: 6,
        items: { type: "number", minimum: 1_000, maximum: 100_000_000 },
      },
    });
    expect(param("/api/stablecoin-chains", "chain").schema).toMatchObject({
      maxLength: 64,
      pattern: expect.any(String),
    });
  });

  it("cacheable routes document ETag, If-None-Match and 304; the health route does not", () => {
    for (const [p, op] of operations()) {
      const cacheable = "304" in op.responses;
      expect([p, "ETag" in op.responses["200"].headers]).toEqual([p, cacheable]);
    }
    expect("304" in (doc.paths as Json)["/api/health"].get.responses).toBe(false);
  });
});

describe("the flag", () => {
  it("every JSON response schema requires holderAnalyticsSupported: false, but the document's own", () => {
    let checked = 0;
    for (const [p, op] of operations()) {
      for (const [status, res] of Object.entries(op.responses as Json)) {
        const schema = (res as Json).content?.["application/json"]?.schema;
        if (!schema || (p === "/api/openapi.json" && status === "200")) continue;
        const validate = compile(schema);
        const example = (res as Json).content["application/json"].example;
        const { holderAnalyticsSupported: _flag, ...without } = example;
        expect([p, status, validate(without)]).toEqual([p, status, false]);
        expect([p, status, validate({ ...example, holderAnalyticsSupported: true })]).toEqual([
          p,
          status,
          false,
        ]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(operations().length * 3);
  });

  it("the document carries it as a root extension and a response header", () => {
    expect(doc["x-holder-analytics-supported"]).toBe(false);
    expect(doc).not.toHaveProperty("holderAnalyticsSupported");
    const ok = (doc.paths as Json)["/api/openapi.json"].get.responses["200"];
    expect(Object.keys(ok.headers)).toContain("X-Holder-Analytics-Supported");
    expect(doc.info.description).toMatch(/x-holder-analytics-supported: false/);
  });
});

describe("examples", () => {
  it("every response example validates against its schema", () => {
    let checked = 0;
    for (const [p, op] of operations()) {
      for (const [status, res] of Object.entries(op.responses as Json)) {
        const media = (res as Json).content?.["application/json"];
        if (!media) continue;
        const validate = compile(media.schema);
        const ok = validate(media.example);
        expect([p, status, ok ? [] : validate.errors]).toEqual([p, status, []]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("every route's 200 example is a real demo-world body (not an empty object)", () => {
    for (const [p, op] of operations()) {
      const [media] = Object.values(op.responses["200"].content as Json) as Json[];
      const example = media!.example;
      const size = typeof example === "string" ? example.length : Object.keys(example).length;
      expect([p, size > 3]).toEqual([p, true]);
    }
  });
});
