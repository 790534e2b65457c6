import { expect, test, type Page } from "@playwright/test";

// Demo data: the fake upstream's Dune rows — chain migration across ethereum, base, arbitrum,
// optimism, bnb and polygon; protocol flows into aave_v3, compound_v3, morpho, sky_savings
// (yield-bearing) and curve, uniswap_v3; 150 CEX ↔ unlabeled transfers.
/**
 * Opens a flows page and waits until the network is idle. A second navigation in the same page
 * passes `idle: false` and relies on the assertions' own waiting: Chromium re-requests the nav
 * links' cached RSC prefetches (stale-while-revalidate) and reports those requests as pending
 * for about 30 s, so "networkidle" would wait them out (navigation itself is not held up).
 */
async function openFlows(page: Page, path = "/flows", { idle = true } = {}) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState(idle ? "networkidle" : "load");
  return errors;
}

const rows = (page: Page) => page.getByTestId("transfer-row");
const chartSvg = (page: Page, id: string) => page.getByTestId(id).locator("svg").first();

test("flows page renders both Sankeys, the transfer list and screenshots", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = await openFlows(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stablecoin flows");
  await expect(
    page.getByText(
      "Aggregate flows from scheduled on-chain queries. Not live. Not investment advice.",
    ),
  ).toBeVisible();
  await expect(page.getByText("scheduled/cached").first()).toBeVisible();
  await expect(page.getByText(/last run \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Flows", exact: true })).toBeVisible();

  await expect(chartSvg(page, "migration-sankey")).toBeVisible();
  await expect(chartSvg(page, "protocol-sankey")).toBeVisible();
  const migration = page.getByTestId("migration-sankey");
  await expect(migration.getByText("Ethereum →")).toBeVisible();
  await expect(migration.getByText("→ Base")).toBeVisible();
  const protocol = page.getByTestId("protocol-sankey");
  await expect(protocol.getByText("Aave V3")).toBeVisible();
  await expect(protocol.getByText("Curve")).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Uniswap V3" }).first()).toBeVisible();

  expect(await rows(page).count()).toBeGreaterThan(10);
  await expect(rows(page).getByText("unlabeled wallet").first()).toBeVisible();
  await expect(
    rows(page)
      .getByText(/^source: /)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /^Sources/ }).first()).toHaveAttribute(
    "href",
    "/methodology#sources",
  );
  await page.screenshot({ path: "test-results/flows.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: "test-results/flows-dark.png" });
  expect(errors).toEqual([]);
});

test("chain, asset and wallet filters narrow rows with zero network requests", async ({ page }) => {
  await openFlows(page);
  const summary = page.getByText(/^Showing \d+ of \d+ matching transfers/);
  const matching = async () => Number(/of (\d+) matching/.exec(await summary.innerText())?.[1]);
  const total = await matching();
  expect(total).toBeGreaterThan(100);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(`${r.resourceType()} ${r.url()}`));

  const list = page.getByRole("region", { name: /CEX ↔ unlabeled/ });
  await list.getByLabel("Chain", { exact: true }).selectOption("base");
  await expect.poll(matching).toBeLessThan(total);
  const base = await matching();
  expect(base).toBeGreaterThan(0);
  for (const text of await rows(page).locator("td:nth-child(2)").allTextContents())
    expect(text).toBe("Base");

  await list.getByLabel("Asset", { exact: true }).selectOption("USDC");
  await expect.poll(matching).toBeLessThanOrEqual(base);

  await list.getByLabel("Chain", { exact: true }).selectOption("all");
  await list.getByLabel("Asset", { exact: true }).selectOption("all");
  const wallet = list.getByLabel(/Wallet address/);
  await wallet.fill("0x1234");
  await expect(wallet).toHaveAttribute("aria-invalid", "true");
  expect(await matching()).toBe(total);
  const address = await rows(page).first().locator("[title^='0x']").last().getAttribute("title");
  await wallet.fill(address!);
  await expect(wallet).toHaveAttribute("aria-invalid", "false");
  await expect.poll(matching).toBeLessThan(total);

  const migrationPanel = page.getByRole("region", { name: /Chain migration/ });
  await migrationPanel.getByLabel("Asset", { exact: true }).selectOption("USDT");
  await expect(page.getByTestId("migration-sankey").locator("svg").first()).toBeVisible();

  await page.waitForTimeout(300);
  expect(requests.filter((r) => r.includes("/api/"))).toEqual([]);
  expect(requests.filter((r) => /^(fetch|xhr) /.test(r))).toEqual([]);
});

test("the window switch and a 390 px screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = await openFlows(page, "/flows?window=30d");
  await expect(page.getByRole("heading", { name: "Chain migration (30d)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "30d", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(chartSvg(page, "migration-sankey")).toBeAttached();
  await expect(chartSvg(page, "protocol-sankey")).toBeAttached();
  await expect(rows(page).first()).toBeAttached();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/flows-390.png" });
  await page.screenshot({ path: "test-results/flows-390-full.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("24h falls back to 7d for migration and a bad window is ignored", async ({ page }) => {
  await openFlows(page, "/flows?window=24h");
  await expect(page.getByRole("heading", { name: "Chain migration (7d)" })).toBeVisible();
  await expect(page.getByText(/7d and 30d windows only/)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Flows into yield-bearing protocols (24h)" }),
  ).toBeVisible();
  await openFlows(page, "/flows?window=1y&q=%3Cscript%3E", { idle: false });
  await expect(page.getByText(/Unknown window ignored/)).toBeVisible();
  await expect(page.getByText(/selector was not valid/)).toBeVisible();
  await expect(page.getByRole("link", { name: "7d", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("?q= is read in the browser: one asset's flows from the JSON route, unknown → empty state", async ({
  page,
}) => {
  const api: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/stablecoin-flows")) api.push(new URL(r.url()).search);
  });
  await openFlows(page, "/flows?q=usdc");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stablecoin flows: USDC");
  expect(api).toEqual(["?q=usdc"]);
  await expect(page.getByRole("link", { name: "All assets" })).toHaveAttribute("href", "/flows");
  await openFlows(page, "/flows?q=nosuchcoin", { idle: false });
  await expect(page.getByText("No USD stablecoin matches “nosuchcoin”")).toBeVisible();
});
