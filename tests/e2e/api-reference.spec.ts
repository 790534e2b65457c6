import { expect, test, type Page, type Response } from "@playwright/test";

// The rendered API reference (/docs/api): every documented route appears, nothing is fetched from
// another host, the nonce CSP holds, no provider is called, and no other page loads its code.

type Doc = { paths: Record<string, { get: { summary: string } }> };

/** Every request the page makes, and every CSP violation it reports (event and console). */
async function watch(page: Page) {
  const requests: string[] = [];
  const consoleHits: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleHits.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  const violations = async () => [
    ...consoleHits,
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
  ];
  return { requests, violations };
}

async function providerCallCount(page: Page): Promise<number> {
  const health = await (await page.request.get("/api/health")).json();
  return (health.telemetry.providerCalls as { count: number }[]).reduce((s, c) => s + c.count, 0);
}

test("/docs/api renders every documented route from this origin only, without a provider call", async ({
  page,
  baseURL,
}) => {
  const doc = (await (await page.request.get("/api/openapi.json")).json()) as Doc;
  const paths = Object.keys(doc.paths);
  expect(paths.length).toBeGreaterThanOrEqual(9);
  const callsBefore = await providerCallCount(page);
  const seen = await watch(page);

  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByTestId("api-reference")).toHaveAttribute("data-state", "ready");
  const reference = page.getByTestId("api-reference");
  for (const p of paths) {
    await expect(reference.getByText(doc.paths[p]!.get.summary).first()).toBeAttached();
    await expect(reference.getByText(p, { exact: true }).first()).toBeAttached();
  }

  const origin = new URL(baseURL!).origin;
  const foreign = seen.requests.filter((u) => !u.startsWith(origin) && !u.startsWith("data:"));
  expect(foreign).toEqual([]);
  expect(await seen.violations()).toEqual([]);
  // The page and the document read no provider: they render with every upstream down.
  expect(await providerCallCount(page)).toBe(callsBefore);
});

/** The text of every script and stylesheet `path` loads. */
async function loadedCode(page: Page, path: string): Promise<string> {
  const bodies: Promise<string>[] = [];
  const collect = (r: Response) => {
    if (["script", "stylesheet"].includes(r.request().resourceType())) bodies.push(r.text());
  };
  page.on("response", collect);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", collect);
  return (await Promise.all(bodies)).join("\n");
}

const REFERENCE_CODE = /createApiReference|scalar-app/;

test("other pages load none of the reference's code", async ({ page }) => {
  expect(REFERENCE_CODE.test(await loadedCode(page, "/docs/api"))).toBe(true); // the probe works
  for (const path of ["/", "/methodology"]) {
    const text = await loadedCode(page, path);
    expect(text.length).toBeGreaterThan(0);
    expect([path, REFERENCE_CODE.test(text)]).toEqual([path, false]);
  }
});

test("the footer and the methodology page link to the reference", async ({ page }) => {
  await page.goto("/methodology");
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "API reference" }),
  ).toHaveAttribute("href", "/docs/api");
  await expect(page.getByRole("main").getByRole("link", { name: "API reference" })).toHaveAttribute(
    "href",
    "/docs/api",
  );
  await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
});

test("the document answers JSON to any Accept, and 405 + Allow to other methods", async ({
  request,
}) => {
  const html = await request.get("/api/openapi.json", { headers: { Accept: "text/html" } });
  expect(html.status()).toBe(200);
  expect(html.headers()["content-type"]).toMatch(/^application\/json/);
  expect(html.headers()["x-holder-analytics-supported"]).toBe("false");
  for (const method of ["post", "put", "patch", "delete"] as const) {
    const r = await request[method]("/api/openapi.json", { data: {} });
    expect([method, r.status(), r.headers()["allow"]]).toEqual([method, 405, "GET, HEAD, OPTIONS"]);
    expect((await r.json()).holderAnalyticsSupported).toBe(false);
  }
});
