import { expect, test, type Page } from "@playwright/test";
import { FULL_MARKET_PORT } from "../../playwright.config";

// The full-market demo world (DEMO_MARKET=full, see tests/fake-upstream/README.md): the whole
// recorded aggregate, and a CoinGecko that does not know `ylds` (YLDS) among others.
test.use({ baseURL: `http://127.0.0.1:${FULL_MARKET_PORT}` });

async function open(page: Page, path: string) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return errors;
}

async function noHorizontalOverflow(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("an odd symbol (USD+) has a readable URL and a full page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = await open(page, "/stablecoins/usd%2B");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("USD+");
  await expect(page.getByTestId("asset-price")).toBeVisible();
  await expect(page.getByTestId("pool-row").first()).toBeVisible();
  await page.screenshot({ path: "test-results/full-usd-plus.png", fullPage: true });
  await noHorizontalOverflow(page);
  await page.screenshot({ path: "test-results/full-usd-plus-390.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("a shared symbol (USDS) shows the largest and links the others", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = await open(page, "/stablecoins/usds");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sky Dollar");
  const shared = page.getByTestId("shared-symbol");
  await expect(shared.getByRole("link")).toHaveCount(4);
  await shared.getByRole("link", { name: "Sperax USD" }).click();
  await expect(page).toHaveURL(/\/stablecoins\/sperax-usd$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sperax USD");
  await noHorizontalOverflow(page);
  expect(errors).toEqual([]);
});

test("a coin the market provider does not know (YLDS) shows the aggregate's price and unmeasured depth", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = await open(page, "/stablecoins/ylds");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("YLDS");
  const price = page.getByTestId("asset-price");
  await expect(price).toHaveAttribute("data-source", "aggregate");
  await expect(price).toContainText("from the DefiLlama aggregate");
  const depth = page.getByRole("region", { name: "Liquidity depth (±2%)", exact: true });
  await expect(depth.getByTestId("depth-not-measured")).toBeVisible();
  await expect(depth).toContainText("does not know this coin");
  // CoinGecko was asked and had nothing for it: its chip says so, with no "as of" time.
  const chips = depth.getByRole("list", { name: "Sources" });
  await expect(chips.getByRole("listitem").filter({ hasText: "CoinGecko" })).toContainText(
    "unavailable",
  );
  await expect(chips).not.toContainText("DexScreener");
  await expect(page.getByText("$0", { exact: true })).toHaveCount(0);
  await page.screenshot({ path: "test-results/full-ylds.png", fullPage: true });
  await noHorizontalOverflow(page);
  await page.screenshot({ path: "test-results/full-ylds-390.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("every asset page linked from the home page renders with a price", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await open(page, "/");
  const hrefs = await page
    .locator('a[href^="/stablecoins/"]')
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href") ?? ""))]);
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs) {
    const res = await request.get(href);
    expect([href, res.status()]).toEqual([href, 200]);
    expect([href, (await res.text()).includes('data-testid="asset-price"')]).toEqual([href, true]);
  }
});
