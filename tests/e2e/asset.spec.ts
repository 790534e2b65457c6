import { expect, test, type Page } from "@playwright/test";

// Demo data (tests/fake-upstream): USDC dips to exactly −150 bps between 95 h and 93 h ago, so
// the episode is in the 7d and 30d windows and not in 24h; elsewhere ±3 bps around the price.
const USDC = "/stablecoins/usdc?e2e=1";

async function openUsdc(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(USDC);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return errors;
}

const stats = (page: Page) => page.getByTestId("peg-stats");
const worstBps = async (page: Page) =>
  Number(await page.getByTestId("peg-worst-bps").getAttribute("data-value"));
const excursions = (page: Page) => page.getByTestId("peg-excursions");
const windowButton = (page: Page, w: string) =>
  page.getByRole("group", { name: "History window" }).getByRole("button", { name: w, exact: true });

test("the header leads with market cap (with its source) and the risk score, as the API gives them", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openUsdc(page);
  const risk = await (await request.get("/api/stablecoin-risk?q=usdc")).json();
  const cap = page.getByTestId("header-market-cap");
  await expect(cap).toHaveAttribute("data-source", risk.velocity.market_cap_source);
  await expect(cap).toContainText(
    risk.velocity.market_cap_source === "market" ? "CoinGecko (market)" : "DefiLlama (aggregate)",
  );
  const score = page.getByTestId("header-risk-score");
  await expect(score).toContainText(risk.risk_score.score.toFixed(1));
  // In the first screen, not two-thirds down the page.
  const box = (await score.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(900);
});

async function chartDrawn(page: Page) {
  await expect(page.getByTestId("peg-chart").locator(".recharts-line-curve")).toBeVisible();
}

test("the USDC risk console renders every panel with sources and as-of times; screenshots", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = await openUsdc(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("USDC");
  await expect(page).toHaveTitle(/USDC/);

  const badge = page.getByTestId("peg-badge");
  await expect(badge).toHaveAttribute("data-state", "on");
  await expect(badge).toContainText("Peg verified 0.999–1.001 USD");

  for (const name of [
    "Peg status and de-peg history",
    "Peg deviation history",
    "Liquidity depth (±2%)",
    "Issuer concentration",
    "Velocity",
    "Supply momentum",
    "Risk score",
    "Pool map",
    "Exit cost by trade size",
    "Deep-liquidity finder",
  ]) {
    const panel = page.getByRole("region", { name, exact: true });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: /^Method/ })).toHaveAttribute(
      "href",
      /^\/methodology#/,
    );
    await expect(panel.getByRole("list", { name: "Sources" }).first()).toBeVisible();
  }
  await expect(page.getByText(/as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/).first()).toBeVisible();
  await expect(page.getByText(/scheduled\/cached/).first()).toBeVisible();
  await expect(page.getByTestId("risk-component")).toHaveCount(3);
  await expect(page.getByTestId("risk-disclaimer")).toContainText(
    "not a prediction of peg stability",
  );
  await expect(page.getByTestId("pool-row").first()).toBeVisible();
  await chartDrawn(page);

  await page.screenshot({ path: "test-results/asset-usdc.png", fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await chartDrawn(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/asset-usdc-390.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("the depeg episode shows in 7d and 30d but not in 24h", async ({ page }) => {
  await openUsdc(page);
  await expect(windowButton(page, "7d")).toHaveAttribute("aria-pressed", "true");
  await expect(stats(page)).toHaveAttribute("data-window", "7d");
  expect(await worstBps(page)).toBeCloseTo(-150, 0);
  await expect(excursions(page)).toHaveText("1");

  await windowButton(page, "24h").click();
  await expect(windowButton(page, "24h")).toHaveAttribute("aria-pressed", "true");
  await expect(stats(page)).toHaveAttribute("data-window", "24h");
  expect(Math.abs(await worstBps(page))).toBeLessThanOrEqual(10);
  await expect(excursions(page)).toHaveText("0");
  await chartDrawn(page);

  await windowButton(page, "30d").click();
  await expect(stats(page)).toHaveAttribute("data-window", "30d");
  expect(await worstBps(page)).toBeCloseTo(-150, 0);
  await expect(excursions(page)).toHaveText("1");

  // The server-rendered table agrees: 24h clean, 7d and 30d with one excursion.
  const row = page.getByTestId("depeg-table").getByRole("row", { name: /Excursions beyond/ });
  await expect(row.locator('[data-window="24h"]')).toHaveText("0");
  await expect(row.locator('[data-window="7d"]')).toHaveText("1");
  await expect(row.locator('[data-window="30d"]')).toHaveText("1");
});

test("the pool map filters run in the browser without a request", async ({ page }) => {
  await openUsdc(page);
  const rows = page.getByTestId("pool-row");
  const total = await rows.count();
  expect(total).toBeGreaterThan(3);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  const map = page.getByRole("region", { name: "Pool map", exact: true });
  await map.getByRole("combobox", { name: "Chain" }).selectOption("arbitrum");
  await map.getByRole("combobox", { name: "Pair type" }).selectOption("stable-stable");
  const narrowed = await rows.count();
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(total);
  for (const text of await rows.allTextContents()) expect(text).toContain("Arbitrum");
  await expect(map.getByTestId("pool-count")).toContainText(`of ${total} pools`);
  expect(requests).toEqual([]);
});

test("the deep-liquidity finder ranks pools for a 10 M USD swap", async ({ page }) => {
  await openUsdc(page);
  const finder = page.getByRole("region", { name: "Deep-liquidity finder", exact: true });
  await finder.getByLabel("Swap size (USD)").fill("10000000");
  const answered = page.waitForResponse(
    (r) => r.url().includes("/api/stablecoin-pools?") && r.url().includes("size_usd=10000000"),
  );
  await finder.getByRole("button", { name: "Find pools" }).click();
  expect((await answered).status()).toBe(200);
  const results = finder.getByTestId("finder-result");
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeGreaterThan(0);
  await expect(results.first().getByTestId("finder-impact")).toContainText(/\d+\.\d bps/);
  await expect(finder).toContainText("$10.0M swap");
});

test("the exit-cost panel draws one line per venue with a table of every figure", async ({
  page,
}) => {
  await openUsdc(page);
  const panel = page.getByRole("region", { name: "Exit cost by trade size", exact: true });
  await panel.scrollIntoViewIfNeeded();
  // One line per venue (a flat line has no height, so lines are counted, not "visible"), the
  // best venue's drawn thick.
  const lines = panel.getByTestId("exit-cost-chart").locator(".recharts-line-curve");
  await expect(lines.first()).toBeAttached();
  expect(await lines.count()).toBe(
    (await panel.getByTestId("exit-cost-table").locator("tbody tr").count()) - 2,
  );
  await expect(
    panel.getByTestId("exit-cost-chart").locator('.recharts-line-curve[stroke-width="3"]'),
  ).toHaveCount(1);
  const table = panel.getByTestId("exit-cost-table");
  for (const size of ["$10.0K", "$100.0K", "$1.0M", "$10.0M"])
    await expect(table.getByRole("columnheader", { name: size })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: /Kraken · USDC\/USD/ })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Best single venue" })).toBeVisible();
  await expect(panel.getByTestId("exit-peg-hold")).toContainText(/up to \$|not measured|not even/);
  // The risk console's depth panel shows the same peg-holding size.
  await expect(page.getByTestId("risk-peg-hold")).toHaveText(
    (await panel.getByTestId("exit-peg-hold").textContent()) ?? "",
  );
});

test("the finder ranks venues by measured exit cost at the chosen size", async ({ page }) => {
  await openUsdc(page);
  const finder = page.getByRole("region", { name: "Deep-liquidity finder", exact: true });
  await finder.getByLabel("Swap size (USD)").fill("1000000");
  const measured = page.waitForResponse(
    (r) => r.url().includes("/api/stablecoin-exit-cost?") && r.url().includes("sizes_usd=1000000"),
  );
  await finder.getByRole("button", { name: "Find pools" }).click();
  expect((await measured).status()).toBe(200);
  const ranking = finder.getByTestId("exit-ranking");
  await expect(ranking.getByRole("listitem").first()).toContainText(/bps/);
});

test("an unknown or malformed asset is a real 404", async ({ page }) => {
  for (const path of ["/stablecoins/not-a-coin", "/stablecoins/bad%20coin"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stablecoin not found");
  }
});

test("another spelling of a coin lands on its one canonical page, by link or typed", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  for (const path of ["/stablecoins/USDC", "/stablecoins/usd-coin", "/stablecoins/2"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(new URL(page.url()).pathname, path).toBe("/stablecoins/usdc");
    expect((await response?.request().redirectedFrom()?.response())?.status(), path).toBe(308);
  }
  // The events table links each coin's canonical path: a client-side navigation lands on it
  // with no redirect, whichever coins the market-wide log holds at this moment.
  await page.goto("/depegs");
  const link = page.getByTestId("depeg-events").getByRole("link").first();
  const href = await link.getAttribute("href");
  const symbol = (await link.textContent())?.trim() ?? "";
  expect(href).toMatch(/^\/stablecoins\/[^/]+$/);
  await link.click();
  await page.waitForURL(`**${href}`);
  expect(new URL(page.url()).pathname).toBe(href);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(symbol);
  expect(errors).toEqual([]);
});
