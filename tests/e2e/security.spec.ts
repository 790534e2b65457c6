import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { writeReliabilityReport } from "../../scripts/reliability-report";
import { PARTIAL_PAGE_CACHE_CONTROL } from "../../lib/page-cache-headers";
import { carriesFlag } from "../helpers/flag";

// Security headers and CSP against the demo server (`next start`, fake upstream, demo read key).
// Every raw response is saved under test-results/responses/ so scripts/check-secrets.ts can scan
// them for the demo key; a summary goes to test-results/reliability/headers.json for the report.

const PAGES = ["/", "/stablecoins/usdc", "/methodology", "/flows", "/docs/api", "/depegs"];
const API = [
  "/api/stablecoin-intel?q=usdc",
  "/api/stablecoin-supply",
  "/api/stablecoin-risk?q=usdc",
  "/api/stablecoin-peg-history?q=usdc&window=7d",
  "/api/stablecoin-pools?q=usdc&size_usd=1000000",
  "/api/stablecoin-flows?q=usdc",
  "/api/stablecoin-issuers",
  "/api/stablecoin-depegs?window=90d",
  "/api/health",
  "/api/openapi.json",
  "/api/stablecoin-intel?q=%00%0d%0a", // 400
  "/api/stablecoin-intel?q=no-such-coin", // 404
];
/** Paths that must never serve files from the project or the build. */
const PROBES = [
  "/.env",
  "/package.json",
  "/.next/BUILD_ID",
  "/api/%2e%2e/%2e%2e/package.json",
  "/_next/static/..%2f..%2f..%2fpackage.json",
  "/stablecoins/..%2f..%2fpackage.json",
];

const ROOT = path.resolve(__dirname, "../..");
const RESPONSES = path.join(ROOT, "test-results", "responses");
const results: { target: string; checks: string; pass: boolean }[] = [];

function save(name: string, status: number, headers: Record<string, string>, body: string) {
  mkdirSync(RESPONSES, { recursive: true });
  const file = name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 120) || "root";
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  writeFileSync(path.join(RESPONSES, `${file}.txt`), `HTTP ${status}\n${head}\n\n${body}`);
}

function commonHeaderChecks(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
}

/**
 * The static page policy (next.config.mjs): scripts from this origin only (files carry SRI
 * hashes), inline <script> for Next's streamed payload, no inline event handlers, no eval.
 */
function pageCspChecks(csp: string) {
  const directives = new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values.join(" ")] as const;
    }),
  );
  expect(directives.get("default-src")).toBe("'self'");
  expect(directives.get("script-src")).toBe("'self' 'unsafe-inline'");
  expect(directives.get("script-src-attr")).toBe("'none'");
  expect(directives.get("object-src")).toBe("'none'");
  expect(directives.get("base-uri")).toBe("'self'");
  expect(directives.get("form-action")).toBe("'self'");
  expect(directives.get("connect-src")).toBe("'self'");
  expect(csp).not.toMatch(/'unsafe-eval'|\*|https?:|'nonce-/);
}

/**
 * Every script file a page loads is same-origin (the policy's 'self'), and the framework's
 * bootstrap files carry subresource-integrity hashes. Next 16.4.5 leaves the layout's segment
 * chunks (rendered as <script> from the RSC tree) without `integrity`; they are still same-origin.
 */
function sriChecks(html: string) {
  const tags = html.match(/<script\b[^>]*\bsrc=[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toMatch(/\bsrc="\/_next\/static\/chunks\/[\w.-]+\.js"/);
  // The bootstrap: every file up to and including the Turbopack runtime, and the polyfills.
  const integrity = /\bintegrity="sha256-[A-Za-z0-9+/=]+"/;
  const runtime = tags.findIndex((t) => /\/turbopack-[\w.-]+\.js"/.test(t));
  expect(runtime).toBeGreaterThanOrEqual(0);
  for (const tag of tags.slice(0, runtime + 1)) expect(tag).toMatch(integrity);
  for (const tag of tags.filter((t) => /\bnoModule\b/.test(t))) expect(tag).toMatch(integrity);
}

/**
 * Cacheable by a shared cache: public, s-maxage plus stale-while-revalidate, never private/no-store.
 * No ETag on pages: Next would hash the whole page on every request (next.config.mjs).
 */
function cacheChecks(headers: Record<string, string>) {
  const cacheControl = headers["cache-control"];
  expect(headers["etag"]).toBeUndefined();
  expect(cacheControl).toMatch(/^public, s-maxage=\d+/);
  expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
  expect(cacheControl).not.toMatch(/private|no-store|no-cache/);
}

/**
 * Pages this suite sees rendered from partial data: the market-wide depeg log is complete only
 * once every coin's series is stored, which the scheduled refresher does, and this suite runs
 * without it. Such a render is never shared (docs/caching.md "Pages"); the system test
 * tests/system/partial-pages.test.ts follows a page from partial to complete.
 */
const PARTIAL_IN_THIS_SUITE = new Set(["/depegs"]);

// The home page is complete once the market-wide quote batch is cached (its headline prices),
// which the refresher does too: one coin's answer reads that batch.
test.beforeAll(async ({ request }) => {
  expect((await request.get("/api/stablecoin-intel?q=usdc")).status()).toBe(200);
});

function partialChecks(headers: Record<string, string>) {
  expect(headers["cache-control"]).toBe(PARTIAL_PAGE_CACHE_CONTROL);
  expect(headers["etag"]).toBeUndefined();
}

test.afterAll(async () => {
  mkdirSync(path.join(ROOT, "test-results", "reliability"), { recursive: true });
  writeFileSync(
    path.join(ROOT, "test-results", "reliability", "headers.json"),
    JSON.stringify({ generatedAt: new Date().toISOString(), results }, null, 2) + "\n",
  );
  await writeReliabilityReport();
});

/** Collects CSP violations from the page (event) and from Chromium's console messages. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleHits: string[] = [];
  page.on("console", (m) => {
    if (/content security policy|refused to (load|execute|apply|connect|frame)/i.test(m.text()))
      consoleHits.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...consoleHits,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )),
  ];
}

for (const url of PAGES) {
  test(`page ${url}: security headers and zero CSP violations`, async ({ page }) => {
    const violations = await watchCsp(page);
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    const headers = await response!.allHeaders();
    const html = await response!.text();
    save(`page${url}`, response!.status(), headers, html);
    commonHeaderChecks(headers);
    pageCspChecks(headers["content-security-policy"]!);
    sriChecks(html);
    if (PARTIAL_IN_THIS_SUITE.has(url)) partialChecks(headers);
    else cacheChecks(headers);
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
    await page.mouse.wheel(0, 5_000); // lazily loaded charts
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
    const seen = await violations();
    results.push({
      target: `page ${url}`,
      checks: `nosniff, Referrer-Policy, static CSP (SRI script files, no inline handlers, no eval) with frame-ancestors 'none', cacheable, no X-Powered-By; ${seen.length} CSP violations`,
      pass: seen.length === 0,
    });
    expect(seen).toEqual([]);
  });
}

test("a query string keeps the page cacheable and the same page", async ({ request }) => {
  for (const url of ["/?chain=nowhere", "/flows?q=usdc&window=30d", "/methodology?x=1"]) {
    const r = await request.get(url);
    expect(r.status()).toBe(200);
    cacheChecks(r.headers());
  }
  results.push({ target: "pages with a query string", checks: "still cacheable", pass: true });
});

test("an unknown asset renders the 404 page: cacheable and noindex", async ({ request }) => {
  const r = await request.get("/stablecoins/no-such-coin-anywhere");
  expect(r.status()).toBe(404);
  const html = await r.text();
  expect(html).toContain("Stablecoin not found");
  expect(html).toMatch(/<meta name="robots" content="noindex"/);
  pageCspChecks(r.headers()["content-security-policy"]!);
  cacheChecks(r.headers());
  results.push({
    target: "unknown asset",
    checks: "404, noindex, page CSP, cacheable",
    pass: true,
  });
});

test("a flight (RSC) request carries its page's header and varies on RSC; its 307 is never shared", async ({
  request,
}) => {
  // Next redirects when `_rsc` does not match the request's router headers, which a CDN does
  // not key on: the page's `public` header must not reach that redirect.
  const redirect = await request.get("/flows?_rsc=not-the-hash", {
    headers: { RSC: "1" },
    maxRedirects: 0,
  });
  expect(redirect.status()).toBe(307);
  expect(redirect.headers()["cache-control"] ?? "").not.toMatch(/public|s-maxage/);
  // The flight and the HTML come from one stored render and say the same: shared while the
  // render is complete, never when it was made from partial data. Caches key it on RSC.
  const page = await request.get("/flows");
  const flight = await request.get("/flows?_rsc", { headers: { RSC: "1" }, maxRedirects: 0 });
  expect(flight.status()).toBe(200);
  expect(flight.headers()["cache-control"]).toBe(page.headers()["cache-control"]);
  expect(flight.headers()["vary"]).toMatch(/\brsc\b/i);
  results.push({
    target: "flight request",
    checks: "307 not shared, the page's header, Vary: RSC",
    pass: true,
  });
});

test("an inline event handler injected into a page is refused by the policy", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto("/methodology");
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { __ran?: boolean };
    const img = document.createElement("img");
    img.setAttribute("onerror", "window.__ran = true");
    img.src = "data:,not-an-image";
    document.body.appendChild(img);
    await new Promise((r) => setTimeout(r, 300));
    return w.__ran === true;
  });
  expect(ran).toBe(false);
  expect((await violations()).some((v) => /script-src-attr|inline/i.test(v))).toBe(true);
  results.push({ target: "injected onerror", checks: "blocked by script-src-attr", pass: true });
});

test("the CSP watcher sees a violation when one happens (no vacuous zero)", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto("/methodology");
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "http://203.0.113.7/blocked.png"; // TEST-NET-3: blocked by img-src before any fetch
    document.body.appendChild(img);
  });
  await expect.poll(async () => (await violations()).length, { timeout: 5_000 }).toBeGreaterThan(0);
  results.push({
    target: "CSP watcher self-test",
    checks: "img-src violation detected",
    pass: true,
  });
});

async function saveApi(name: string, r: APIResponse) {
  const body = await r.text();
  save(`api${name}`, r.status(), r.headers(), body);
  return body;
}

for (const url of API) {
  test(`api ${url}: security headers, JSON with the flag`, async ({ request }) => {
    const r = await request.get(url);
    const body = await saveApi(url, r);
    const headers = r.headers();
    expect([200, 400, 404]).toContain(r.status());
    commonHeaderChecks(headers);
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers["content-type"]).toMatch(/^application\/json/);
    expect(carriesFlag(url, r.status(), JSON.parse(body))).toBe(true);
    results.push({
      target: `GET ${url} (${r.status()})`,
      checks:
        "nosniff, Referrer-Policy, CSP default-src 'none'; frame-ancestors 'none', no X-Powered-By, JSON flag",
      pass: true,
    });
  });
}

test("api 405 answers carry the headers and Allow", async ({ request }) => {
  const r = await request.post("/api/stablecoin-intel?q=usdc", { data: { x: 1 } });
  await saveApi("POST_stablecoin-intel", r);
  expect(r.status()).toBe(405);
  expect(r.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  commonHeaderChecks(r.headers());
  results.push({
    target: "POST /api/stablecoin-intel (405)",
    checks: "headers + Allow",
    pass: true,
  });
});

for (const probe of PROBES) {
  test(`probe ${probe}: nothing from the project or the build is served`, async ({ request }) => {
    const r = await request.get(probe, { maxRedirects: 0 });
    const body = await saveApi(`probe${probe}`, r);
    // A dynamic page may render its own not-found view (streamed, so status 200): that is
    // fine as long as no project or build file comes back.
    expect([200, 400, 404]).toContain(r.status());
    if (r.status() === 200) expect(r.headers()["content-type"]).toMatch(/^text\/html/);
    expect(body).not.toMatch(/"dependencies"|"devDependencies"|DUNE_API_KEY=|"pages":\{/);
    expect(r.headers()["x-powered-by"]).toBeUndefined();
    expect(r.headers()["x-content-type-options"]).toBe("nosniff");
    results.push({
      target: `GET ${probe} (${r.status()})`,
      checks: "not served, headers",
      pass: true,
    });
  });
}
