/**
 * System (production build, `next start`): what only the real server decides. Methods no route
 * handler can export and /api paths no route serves answer the routes' JSON errors with the flag;
 * HSTS is on every answer served over https (a proxy's `X-Forwarded-Proto: https`) and on none
 * served over plain http; feed links name the host the client asked, not the listening address.
 * Requests go through node:http, which sends any method and Host (fetch refuses TRACE and Host).
 */
import http from "node:http";
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { requireBuild, startNextApp, type NextApp } from "@/scripts/bench/servers";

jest.setTimeout(120_000);

let fake: FakeUpstream;
let app: NextApp;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(method: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(app.url);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ hostname, port, path, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const HTTPS = { "x-forwarded-proto": "https" };

beforeAll(async () => {
  requireBuild();
  fake = await startFakeUpstream({ port: 0 });
  app = await startNextApp({ fake });
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test.each([
  ["PROPFIND", "/api/stablecoin-supply"],
  ["TRACE", "/api/stablecoin-supply"],
  ["MKCOL", "/api/health"],
  ["PURGE", "/api/badge/usdc.svg"],
  ["PROPFIND", "/depegs.atom"],
  ["TRACE", "/"],
])("%s %s → 405 JSON with Allow and the flag", async (method, path) => {
  const r = await send(method, path);
  expect([method, path, r.status]).toEqual([method, path, 405]);
  expect(r.headers.allow).toBe("GET, HEAD, OPTIONS");
  expect(r.headers["content-type"]).toMatch(/^application\/json/);
  expect(JSON.parse(r.body)).toEqual({
    error: { code: "method_not_allowed", message: expect.any(String) },
    holderAnalyticsSupported: false,
  });
});

test.each(["/api/nope", "/api", "/api/badge", "/api/stablecoin-intel/extra/segments"])(
  "unknown %s → 404 JSON with the flag",
  async (path) => {
    for (const method of ["GET", "POST"]) {
      const r = await send(method, path);
      expect([path, method, r.status]).toEqual([path, method, 404]);
      expect(r.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(r.body)).toEqual({
        error: { code: "not_found", message: "No route matches this path." },
        holderAnalyticsSupported: false,
      });
    }
  },
);

test("HSTS on every answer served over https, pages and API, and only then", async () => {
  const targets: [string, string][] = [
    ["GET", "/api/health"],
    ["GET", "/methodology"],
    ["GET", "/no-such-page"],
    ["GET", "/api/nope"],
    ["PROPFIND", "/api/health"],
    ["TRACE", "/api/health"],
    ["POST", "/api/health"],
    ["GET", "/api/badge/usdc.svg"],
  ];
  for (const [method, path] of targets) {
    const secure = await send(method, path, HTTPS);
    expect([method, path, secure.headers["strict-transport-security"]]).toEqual([
      method,
      path,
      expect.stringMatching(/^max-age=[1-9]\d{6,}/),
    ]);
    const plain = await send(method, path);
    expect([method, path, plain.headers["strict-transport-security"]]).toEqual([
      method,
      path,
      undefined,
    ]);
  }
});

test("feed and OpenAPI links name the host the client asked, never the listening address", async () => {
  const headers = { host: "intel.example", ...HTTPS };
  const atom = await send("GET", "/depegs.atom", headers);
  expect(atom.body).toContain(
    'rel="self" type="application/atom+xml" href="https://intel.example/depegs.atom"',
  );
  expect(atom.body).not.toMatch(/localhost|127\.0\.0\.1/);
  const doc = JSON.parse((await send("GET", "/api/openapi.json", headers)).body) as {
    servers: { url: string }[];
  };
  expect(doc.servers[0]?.url).toBe("https://intel.example");
});
