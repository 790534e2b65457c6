import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

// Demo data: the recorded DefiLlama sample behind the fake upstream (USDT first, USDC second,
// five assets called USDS, JUP without a week of history).
const HOME = "/?e2e=1";

async function openHome(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(HOME);
  expect(response?.status()).toBe(200);
  // Hydrated table and the treemap (nivo, loaded when it nears the viewport): after this the
  // page needs no requests.
  await expect(page.locator("[data-hydrated=true]")).toHaveCount(1);
  await page.getByTestId("issuer-treemap").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("issuer-treemap").locator("svg").first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  return errors;
}

const rows = (page: Page) => page.getByTestId("supply-row");
const rowSymbols = (page: Page) =>
  rows(page).getByRole("rowheader").getByRole("link").allTextContents();

test("home page renders and a screenshot is saved", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = await openHome(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/not investment advice/i)).toBeVisible();
  await expect(page.getByText("DefiLlama").first()).toBeVisible();
  await expect(page.getByText(/as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/).first()).toBeVisible();
  await expect(page.getByTestId("issuer-treemap").locator("svg").first()).toBeVisible();
  await expect(page.getByText(/Issuer HHI/)).toBeVisible();
  await page.screenshot({ path: "test-results/home.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("the market total leads the page, once, as the API states it", async ({ page, request }) => {
  await openHome(page);
  const api = await (await request.get("/api/stablecoin-supply")).json();
  const total = page.getByTestId("market-total");
  expect(Number(await total.getAttribute("data-value"))).toBeCloseTo(api.total_circulating_usd, 0);
  expect(Number(await page.getByTestId("market-change-7d").getAttribute("data-value"))).toBeCloseTo(
    api.total_change_7d_usd,
    0,
  );
  // Above the table, and the only place the figure is written.
  const headline = (await page.getByTestId("market-headline").boundingBox())!;
  const table = (await page.getByRole("region", { name: /Supply table/ }).boundingBox())!;
  expect(headline.y + headline.height).toBeLessThanOrEqual(table.y);
  await expect(page.getByText((await total.textContent())!, { exact: true })).toHaveCount(1);
  await expect(page.getByText("Listed total", { exact: true })).toHaveCount(0);
});

test("coins with an unknown issuer are counted apart from the issuers", async ({
  page,
  request,
}) => {
  await openHome(page);
  const api = await (await request.get("/api/stablecoin-issuers")).json();
  const c = api.concentration.coverage;
  expect(c.coins_with_known_issuer + c.coins_with_unknown_issuer).toBe(c.coins);
  const known = page.getByText("Known issuers").locator("..");
  await expect(known).toContainText(String(c.known_issuers));
  await expect(known).toContainText(`${c.coins_with_known_issuer} of ${c.coins} coins`);
  await expect(page.getByText("Issuer unknown").locator("..")).toContainText(
    `${c.coins_with_unknown_issuer} coins`,
  );
});

test("rail chips show USDT dominance and the largest 7-day change", async ({ page }) => {
  await openHome(page);
  const dominance = page.getByTestId("chip-dominance");
  await expect(dominance).toContainText("Largest stablecoin");
  await expect(dominance.getByRole("link")).toHaveText("USDT");
  await expect(dominance).toContainText(/\d+\.\d% of listed total/);
  await expect(dominance).toContainText(/\$\d+\.\dB circulating/);
  const change = page.getByTestId("chip-change");
  await expect(change).toContainText("Largest 7-day supply change");
  await expect(change).toContainText(/[+−]\d+\.\d{2}%/);
  await expect(change).toContainText("assets above $5M only");
});

test("the supply table starts USDT, USDC, USDS (Sky Dollar) and sorts from its headers", async ({
  page,
}) => {
  await openHome(page);
  expect((await rowSymbols(page)).slice(0, 3)).toEqual(["USDT", "USDC", "USDS"]);
  await expect(rows(page).nth(2)).toContainText("Sky Dollar");
  await expect(rows(page).first().getByRole("link")).toHaveAttribute("href", "/stablecoins/usdt");
  // The other USDS are linked by DefiLlama id, not by the shared symbol.
  const usdsLinks = await rows(page)
    .filter({ has: page.getByRole("link", { name: "USDS", exact: true }) })
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(usdsLinks[0]).toBe("/stablecoins/usds");
  // The others: their CoinGecko id when it reaches them, else their DefiLlama id.
  const others = usdsLinks.slice(1);
  expect(others.length).toBeGreaterThan(0);
  for (const h of others) expect(h).toMatch(/^\/stablecoins\/(\d+|sperax-usd|thestandard-usd)$/);
  // JUP has no prevWeek history.
  await expect(
    rows(page).filter({ hasText: "JupUSD" }).getByTitle("no history").first(),
  ).toBeVisible();

  const header = page.getByRole("columnheader", { name: /Circulating/ });
  await expect(page.getByRole("columnheader", { name: "#" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  expect((await rowSymbols(page)).at(-1)).toBe("USDT");
});

test("dead coins are hidden by default and shown, marked, with the filter", async ({ page }) => {
  await openHome(page);
  expect(await rowSymbols(page)).not.toContain("USDP");
  await page.getByLabel(/Show dead coins/).check();
  await page.getByLabel(/Symbol, name or issuer/).fill("USDP");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("dead");
  await page.getByLabel(/Show dead coins/).uncheck();
  await expect(rows(page)).toHaveCount(0);
});

test("filters narrow rows with zero network requests", async ({ page }) => {
  await openHome(page);
  const total = await rows(page).count();
  expect(total).toBeGreaterThan(10);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(`${r.resourceType()} ${r.url()}`));

  await page.getByLabel("Stablecoin type", { exact: true }).selectOption("algorithmic");
  await expect(rows(page)).not.toHaveCount(total);
  const algorithmic = await rows(page).count();
  expect(algorithmic).toBeGreaterThan(0);
  for (const text of await rows(page).allTextContents()) expect(text).toContain("Algorithmic");
  expect(await rowSymbols(page)).not.toContain("USDT");

  await page.getByLabel("Stablecoin type", { exact: true }).selectOption("all");
  await page.getByLabel("Chain", { exact: true }).selectOption("arbitrum");
  await expect(rows(page)).not.toHaveCount(total);
  expect(await rowSymbols(page)).toContain("USDC");
  expect(await rowSymbols(page)).not.toContain("JUP");

  await page.getByLabel(/Symbol, name or issuer/).fill("Sky Dollar");
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByText(/Showing 1 of \d+ stablecoins/)).toBeVisible();

  await page.waitForTimeout(300);
  expect(requests.filter((r) => r.includes("/api/"))).toEqual([]);
  expect(requests.filter((r) => /^(fetch|xhr) /.test(r))).toEqual([]);
});

test("CSV export downloads the filtered rows", async ({ page }) => {
  await openHome(page);
  await page.getByLabel("Stablecoin type", { exact: true }).selectOption("algorithmic");
  const shown = await rowSymbols(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Export CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stablecoin-supply-.*\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv.split(/\r\n/).filter(Boolean);
  expect(lines[0]).toBe(
    "rank,symbol,name,defillama_id,backing,issuer,circulating_usd,change_7d_usd,change_7d_pct," +
      "change_30d_usd,change_30d_pct,price_usd,peg_deviation_bps,yield_bearing,chains",
  );
  expect(lines).toHaveLength(shown.length + 1);
  const first = lines[1]!.split(",");
  expect(first[1]).toBe(shown[0]);
  expect(first[4]).toBe("algorithmic");
  expect(Number(first[6])).toBeGreaterThan(0);
  for (const line of lines.slice(1)) expect(line.split(",")[4]).toBe("algorithmic");
  expect(csv).not.toMatch(/,USDT,/);
  expect(csv).not.toMatch(/,USDC,/);
});

test("asset search validates and leads to /stablecoins/[asset]", async ({ page }) => {
  await openHome(page);
  const input = page.getByLabel("Look up a stablecoin");
  await input.fill("usd coin!");
  await input.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: /letters, digits/ })).toBeVisible();
  await input.fill("USDC");
  await input.press("Enter");
  await page.waitForURL("**/stablecoins/usdc");
});

test("usable at 390 px: chips stack, table scrolls inside its box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHome(page);
  const a = (await page.getByTestId("chip-dominance").boundingBox())!;
  const b = (await page.getByTestId("chip-change").boundingBox())!;
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
  expect(Math.abs(a.x - b.x)).toBeLessThan(2);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  const region = page.getByRole("region", { name: /Supply table/ });
  const overflow = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflow).toBe(true);
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toBeVisible();
  await expect(page.getByTestId("issuer-treemap").locator("svg").first()).toBeVisible();
  await page.screenshot({ path: "test-results/home-390.png", fullPage: true });
});

test("health reports sources without secrets", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.holderAnalyticsSupported).toBe(false);
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/demo-read-key|127\.0\.0\.1|http:\/\//);
});
