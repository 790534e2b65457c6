import { readFileSync } from "node:fs";
import { expect, test, type Page, type Request, type Route } from "@playwright/test";

// The whole recorded market (DEMO_MARKET=full: ~320 assets, ~270 USD-pegged; a CoinGecko that does
// not know `ylds` (YLDS) among others, see tests/fake-upstream/README.md). `npm test` runs it as its
// own step (scripts/test-all.sh); by hand:
// `DEMO_MARKET=full E2E_PORT=… npx playwright test tests/e2e/full-market.spec.ts`.
test.skip(
  process.env.DEMO_MARKET !== "full",
  "needs the full-market fake world (DEMO_MARKET=full)",
);

const PAGE_SIZE = 50;
/** How long one lookup may take to send its navigation (or show its error). */
const STEP_MS = 15_000;
const MAX_HOME_HTML_BYTES = 300 * 1024;

const rows = (page: Page) => page.getByTestId("supply-row");
const total = async (page: Page) =>
  Number(/of (\d+) stablecoins/.exec(await page.getByText(/^Showing \d+ of \d+/).innerText())?.[1]);
const shown = async (page: Page) =>
  Number(/^Showing (\d+)/.exec(await page.getByText(/^Showing \d+ of \d+/).innerText())?.[1]);

async function openHome(page: Page) {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("[data-hydrated=true]")).toHaveCount(1);
}

test("home HTML stays under 300 KB and renders one page of the whole market", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_HOME_HTML_BYTES);
  expect(html.match(/data-testid="supply-row"/g)).toHaveLength(PAGE_SIZE);
  // The table holds every asset the supply panel lists (its top-N cap), well past one page.
  const listed = (
    (await (await request.get("/api/stablecoin-supply")).json()) as { assets: unknown[] }
  ).assets.length;
  expect(listed).toBeGreaterThan(PAGE_SIZE);
  await openHome(page);
  expect(await total(page)).toBe(listed);
  await expect(rows(page)).toHaveCount(PAGE_SIZE);
  await expect(page.getByTestId("pager-status")).toContainText(`Rows 1–${PAGE_SIZE} of`);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("pager-status")).toContainText(`Rows ${PAGE_SIZE + 1}–`);
  await expect(rows(page).first().getByRole("cell").first()).toHaveText(String(PAGE_SIZE + 1));
});

test("search, chain and type filters work over every asset; nothing matching is an empty state", async ({
  page,
}) => {
  await openHome(page);
  const all = await total(page);
  await page.getByLabel("Symbol, name or issuer").fill("USDC");
  await expect.poll(() => shown(page)).toBeLessThan(all);
  await expect(rows(page).getByRole("link", { name: "USDC", exact: true })).toBeVisible();
  await page.getByLabel("Symbol, name or issuer").fill("");
  await page.getByLabel("Chain", { exact: true }).selectOption("tron");
  await expect.poll(() => shown(page)).toBeLessThan(all);
  expect(await shown(page)).toBeGreaterThan(0);
  await page.getByLabel("Stablecoin type").selectOption("algorithmic");
  await page.getByLabel("Symbol, name or issuer").fill("no-such-coin-anywhere");
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByText("No stablecoins match these filters.")).toBeVisible();
});

test("CSV export carries every filtered row, not only the page shown", async ({ page }) => {
  await openHome(page);
  const all = await total(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Export CSV/ }).click(),
  ]);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split(/\r\n/).filter(Boolean)).toHaveLength(all + 1);
});

test("the issuer treemap draws with nivo and drills into an issuer and back", async ({ page }) => {
  await openHome(page);
  const treemap = page.getByTestId("issuer-treemap");
  await treemap.scrollIntoViewIfNeeded();
  await expect(treemap.locator("svg").first()).toBeVisible();
  const picker = page.getByLabel("Chains of");
  const issuer = await picker.locator("option").nth(1).getAttribute("value");
  await picker.selectOption(issuer!);
  await expect(treemap.getByRole("img")).toHaveAttribute("aria-label", /Showing the chains of/);
  await page.getByRole("button", { name: "Back to all issuers" }).click();
  await expect(treemap.getByRole("img")).not.toHaveAttribute("aria-label", /Showing the chains/);
});

// Coverage of every coin (issue 14): odd and shared symbols, a coin the market provider does not know.

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

test("the home lookup accepts every selector of the supply list and leads to its page", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const supply = (await (await request.get("/api/stablecoin-supply?include_dead=true")).json()) as {
    assets: { selector: string }[];
  };
  const selectors = [...new Set(supply.assets.map((a) => a.selector))];
  expect(selectors).toEqual(expect.arrayContaining(["usd+", "eusd(v2)"]));
  // Every navigation to a coin page is held unanswered: the request the lookup sends is the
  // proof it accepted the selector, and the home page stays for the next one.
  const held: Route[] = [];
  await page.route(/\/stablecoins\//, (route) => void held.push(route));
  await openHome(page);
  const box = page.getByLabel("Look up a stablecoin");
  // The form's own error (Next's route announcer is an `alert` too).
  const alert = page.getByRole("search").filter({ has: box }).getByRole("alert");
  const navigationTo = (selector: string) => (r: Request) =>
    new URL(r.url()).pathname === `/stablecoins/${encodeURIComponent(selector)}` &&
    r.headers()["next-router-prefetch"] === undefined;
  const refused: string[] = [];
  for (const selector of selectors) {
    await box.fill(selector);
    const outcome = Promise.race([
      page.waitForRequest(navigationTo(selector), { timeout: STEP_MS }).then(() => "sent"),
      alert.waitFor({ timeout: STEP_MS }).then(() => "refused"),
    ]).catch(() => "nothing");
    await page.getByRole("button", { name: "Go" }).click();
    if ((await outcome) !== "sent") refused.push(selector);
  }
  expect(refused).toEqual([]);
  for (const route of held) await route.abort().catch(() => undefined);
});

// `npm run demo` starts the scheduled refresher (issue 26); `npm test` runs this step with the
// demo's interval (E2E_REFRESH_INTERVAL_SECONDS), the rest of the e2e suite without it.
test("the demo's refresher runs over the whole market and /api/health shows its pass", async ({
  request,
}) => {
  const asked = Number(process.env.E2E_REFRESH_INTERVAL_SECONDS ?? "");
  test.skip(!(asked > 0), "the refresher runs only when E2E_REFRESH_INTERVAL_SECONDS asks for it");
  test.setTimeout(300_000);
  type Health = {
    refresher: {
      intervalSeconds: number | null;
      lastRun: {
        trigger: string;
        outcome: string;
        families: Record<string, { coins: number; warmCoins: number }>;
      } | null;
    };
  };
  const health = async () =>
    ((await (await request.get("/api/health")).json()) as Health).refresher;
  expect((await health()).intervalSeconds).toBe(asked);
  await expect
    .poll(async () => (await health()).lastRun?.trigger ?? null, { timeout: 240_000 })
    .toBe("interval");
  const run = (await health()).lastRun!;
  expect(["ok", "partial"]).toContain(run.outcome);
  const warm = Object.values(run.families).reduce((s, f) => s + f.warmCoins, 0);
  expect(warm).toBeGreaterThan(0);
});

// One log (docs/caching.md "Pages"): the page, the API and the feeds are built from the same
// stored series, and a page rendered from partial data is never kept, so they list the same events.
test("the depeg log page lists the events the API and both feeds list", async ({ request }) => {
  type Log = {
    coins: string[];
    history_unavailable: string[];
    events: { id: string; coingecko_id: string | null }[];
  };
  // A coin's view reads its series through the cache; the market-wide log then uses them (USDC's
  // 11-23 excursion appears): a page kept from before would miss it.
  expect((await request.get("/api/stablecoin-depegs?q=usdc")).status()).toBe(200);
  const idsOf = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);
  const read = async () => {
    const api = (await (await request.get("/api/stablecoin-depegs")).json()) as Log;
    // React separates adjacent text nodes with comments: read the text as a visitor does.
    const html = (await (await request.get("/depegs")).text()).replace(/<!-- -->/g, "");
    const page = {
      ids: idsOf(html, /data-event-id="([^"]+)"/g).sort(),
      examined: /(\d+) coins examined/.exec(html)?.[1] ?? null,
    };
    const fromApi = { ids: api.events.map((e) => e.id).sort(), examined: `${api.coins.length}` };
    return { api, html, page, fromApi };
  };
  // The refresher may store a series between the two reads: both are read again until they agree
  // on the events and on the coins examined.
  let last = await read();
  await expect
    .poll(
      async () => {
        last = await read();
        const [page, api] = [JSON.stringify(last.page), JSON.stringify(last.fromApi)];
        return page === api ? "agree" : `page ${page} vs API ${api}`;
      },
      { timeout: 60_000 },
    )
    .toBe("agree");
  const { api, html } = last;
  expect(api.events.some((e) => e.coingecko_id === "usd-coin")).toBe(true);
  expect(html).toContain(`${api.coins.length} coins examined`);
  expect(html.includes('data-testid="history-unavailable"')).toBe(
    api.history_unavailable.length > 0,
  );

  // The feeds: the newest events of the same log, newest first.
  const feedIds = api.events.map((e) => `urn:stablecoin-intel:depeg:${e.id}`);
  const json = (await (await request.get("/depegs.json")).json()) as { items: { id: string }[] };
  expect(json.items.map((i) => i.id)).toEqual(feedIds.slice(0, json.items.length));
  expect(json.items.length).toBeGreaterThan(0);
  const atom = await (await request.get("/depegs.atom")).text();
  expect(idsOf(atom, /<entry>\s*<id>([^<]+)<\/id>/g)).toEqual(json.items.map((i) => i.id));
});
