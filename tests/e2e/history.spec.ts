import { expect, test, type Page } from "@playwright/test";
import type { HistoryPoint } from "@/lib/history-api/types";

// The coin page's own-history section (docs/history.md) and a chain page's chain-local depeg
// events, against the demo's fixture world. Own history cannot be backfilled: a coin without
// samples shows the empty state and "not measured", never a 0.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function openSection(page: Page, path: string) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  expect((await page.goto(path))?.status()).toBe(200);
  const section = page.getByTestId("coin-history");
  await section.scrollIntoViewIfNeeded();
  // Loaded: the start line (history) or the empty state (none yet). The section fetches once
  // scrolled near, behind the page's other panels: a cold server takes a while.
  await expect(section.getByTestId("history-start")).toBeVisible({ timeout: 20_000 });
  return { section, errors };
}

async function noHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const [label, size] of [
  ["1440", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`USDC's own history at ${label} px: start, charts or the empty state, CSV, events`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const api = await (await request.get("/api/stablecoin-history?q=usdc&window=7d")).json();
    const { section, errors } = await openSection(page, "/stablecoins/usdc?e2e=1");
    await expect(section.getByTestId("history-start")).toContainText("cannot be backfilled");
    const csv = section.getByTestId("history-csv");
    expect(await csv.getAttribute("href")).toBe(
      "/api/stablecoin-history?q=usdc&window=7d&format=csv",
    );
    if (api.points.length === 0) {
      await expect(section.getByText("No history in this window")).toBeVisible();
      await expect(section).toContainText("not measured");
      await expect(section.getByTestId("history-chart")).toHaveCount(0);
    } else {
      for (const id of ["depth", "exit-cost", "risk", "chain-peg"])
        await expect(section.getByTestId(`history-${id}`)).toBeVisible();
      await expect(section.locator(".recharts-line-curve").first()).toBeAttached();
    }
    const events = await request.get("/api/stablecoin-events?q=usdc&window=7d");
    if (events.ok()) await expect(section.getByTestId("coin-history-events")).toBeVisible();
    else await expect(section.getByText("Events could not be loaded")).toBeVisible();
    await noHorizontalOverflow(page);
    await section.screenshot({ path: `test-results/history-usdc-${label}.png` });
    expect(errors).toEqual([]);
  });
}

test("a coin without history: the empty state and not measured, never 0", async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  // The route's own answer for a coin it has not sampled yet (USDC's, with its points dropped
  // once the demo has sampled it): its shape and warnings are the route's, not written here.
  const answer = await (await request.get("/api/stablecoin-history?q=usdc&window=7d")).json();
  await page.route("**/api/stablecoin-history?*", (route) =>
    route.fulfill({ json: { ...answer, points: [], history_start: null, as_of: null } }),
  );
  const { section } = await openSection(page, "/stablecoins/usdc?e2e=1");
  await expect(section.getByText("No history in this window")).toBeVisible();
  await expect(section).toContainText("not measured");
  await expect(section.getByTestId("history-start")).toContainText("cannot be backfilled");
  await expect(section.getByTestId("history-chart")).toHaveCount(0);
  expect(await section.textContent()).not.toMatch(/\$0(\.0)?\b|\b0\.0 bps|\b0\.0 pts/);
});

test("the window picker switches the series and the CSV link", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const { section } = await openSection(page, "/stablecoins/usdc?e2e=1");
  await section.getByRole("button", { name: "30d", exact: true }).click();
  await expect(section.getByRole("button", { name: "30d", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(section.getByTestId("history-csv")).toHaveAttribute(
    "href",
    "/api/stablecoin-history?q=usdc&window=30d&format=csv",
  );
  await expect(section.getByTestId("history-start")).toBeVisible();
});

test("a chain page lists its chain-local depeg events; 390 px without overflow", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  expect((await page.goto("/chains/base"))?.status()).toBe(200);
  const block = page.locator("#chain-local-depeg-events");
  await block.scrollIntoViewIfNeeded();
  await expect(
    block.getByTestId("chain-local-depeg-events").or(block.getByRole("alert")),
  ).toBeVisible();
  await noHorizontalOverflow(page);
  await block.screenshot({ path: "test-results/history-chain-base-390.png" });
});

test("the methodology lists the history event rules with their constants", async ({ page }) => {
  expect((await page.goto("/methodology"))?.status()).toBe(200);
  const section = page.locator("#history-events");
  for (const name of ["liquidity_drain", "depeg_at_size", "chain_local_depeg", "risk_score_change"])
    await expect(section).toContainText(name);
  await expect(section).toContainText("cannot be backfilled");
});

/** A week of hourly points with a null and a stretch of missing samples (a routed answer). */
function routedHistory(nowMs: number) {
  const HOUR = 3_600_000;
  const points: HistoryPoint[] = [];
  for (let h = 167; h >= 0; h--) {
    // Hours 100–95 ago: no sample at all (the route leaves missing slots out).
    if (h <= 100 && h >= 95) continue;
    const wave = Math.sin(h / 9);
    points.push({
      t: new Date(nowMs - h * HOUR).toISOString(),
      price_usd: 1,
      peg_deviation_bps: 0,
      depth_2pct_usd: h === 50 ? null : 9e6 + 1e6 * wave,
      depth_2pct_cex_usd: 6e6 + 5e5 * wave,
      depth_2pct_dex_usd: 3e6 + 5e5 * wave,
      exit_cost_bps_100k: 1 + wave,
      exit_cost_bps_1m: 6 + 2 * wave,
      exit_cost_bps_10m: 40 + 10 * wave,
      sale_1m_price_usd: 0.9994,
      risk_score: 80 + 3 * wave,
      risk_transparency: 90,
      risk_liquidity: 70 + 5 * wave,
      risk_peg_stability: 85,
      risk_coverage: 1,
      circulating_usd: 6e10,
      chain_peg_bps: { ethereum: wave, base: h < 30 && h > 20 ? -350 : 2 * wave, solana: null },
    });
  }
  const names = (n: string[]) => ({ names: n, as_of: points.at(-1)!.t });
  return {
    asset: { symbol: "USDC", selector: "usdc", name: "USD Coin" },
    window: "7d",
    resolution: "sample",
    interval_seconds: 3600,
    history_start: points[0]!.t,
    points,
    sources: {
      price: names(["CoinGecko"]),
      depth_2pct_usd: names(["Binance", "Kraken", "DexScreener"]),
      exit_cost_bps: names(["Binance", "KyberSwap"]),
      sale_1m: names(["KyberSwap"]),
      chain_peg_bps: names(["DexScreener"]),
      risk_score: names(["Service"]),
      circulating_usd: names(["DefiLlama"]),
    },
    as_of: points.at(-1)!.t,
    warnings: [],
    warning_codes: [],
    holderAnalyticsSupported: false,
  };
}

/** One event of each type (a routed answer). */
function routedEvents(nowMs: number) {
  const iso = (hoursAgo: number) => new Date(nowMs - hoursAgo * 3_600_000).toISOString();
  const base = { symbol: "USDC", selector: "usdc", confirmed: true, sources: ["DexScreener"] };
  const event = (type: string, chain: string | null, metric: string, value: number) => ({
    ...base,
    id: `${type}:usdc:${chain ?? "-"}:${iso(30)}`,
    type,
    chain,
    start: iso(30),
    end: iso(20),
    ongoing: false,
    worst: { metric, value, at: iso(25) },
  });
  return {
    window: "7d",
    asset: { symbol: "USDC", selector: "usdc", name: "USD Coin" },
    type: null,
    confirmed: null,
    events: [
      event("chain_local_depeg", "base", "chain_peg_bps", -350),
      event("chain_local_depeg", "arbitrum", "chain_peg_bps", -150),
      { ...event("liquidity_drain", null, "depth_ratio_of_median", 0.38), confirmed: false },
      event("depeg_at_size", null, "sale_1m_deviation_bps", -150),
      {
        ...event("risk_score_change", null, "risk_score_delta_points", -12),
        component_deltas: [
          { component: "pegStability", delta_points: -40, score_delta_points: -12 },
        ],
      },
      event("depeg", null, "deviation_bps", -150),
    ],
    history_start: iso(167),
    as_of: iso(0),
    warnings: [],
    warning_codes: [],
    holderAnalyticsSupported: false,
  };
}

test("with a history: four charts, each line broken at its gaps; screenshots", async ({ page }) => {
  const nowMs = Date.parse("2026-11-20T12:00:00Z");
  await page.route("**/api/stablecoin-history?*", (route) =>
    route.fulfill({ json: routedHistory(nowMs) }),
  );
  await page.route("**/api/stablecoin-events?*", (route) =>
    route.fulfill({ json: routedEvents(nowMs) }),
  );
  for (const [label, size] of [
    ["1440", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    const { section } = await openSection(page, "/stablecoins/usdc?e2e=1");
    await expect(section.getByTestId("history-start")).toContainText("Own history starts");
    for (const id of ["depth", "exit-cost", "risk", "chain-peg"])
      await expect(
        section.getByTestId(`history-${id}`).locator(".recharts-line-curve").first(),
      ).toBeAttached();
    // The depth total: broken at the missing stretch and at the null (three segments).
    const total = section.getByTestId("history-depth").locator(".recharts-line-curve").first();
    const d = (await total.getAttribute("d")) ?? "";
    expect(d.match(/M/g)?.length).toBe(3);
    await expect(section.getByTestId("history-chain-peg")).toContainText("Solana");
    await expect(section.getByTestId("history-chain-peg")).toContainText("not measured");
    const events = section.getByTestId("coin-history-events");
    await expect(events.locator("tbody tr")).toHaveCount(6);
    await expect(events).toContainText("38% of its 7-day median");
    await expect(events).toContainText("unconfirmed");
    await expect(events).toContainText("Peg stability −40.0 pts");
    await noHorizontalOverflow(page);
    await section.screenshot({ path: `test-results/history-usdc-routed-${label}.png` });
  }
});

test("a chain page lists only its own chain-local depegs, with the coin", async ({ page }) => {
  const nowMs = Date.parse("2026-11-20T12:00:00Z");
  await page.route("**/api/stablecoin-events?*", (route) =>
    route.fulfill({ json: routedEvents(nowMs) }),
  );
  await page.setViewportSize(PHONE);
  expect((await page.goto("/chains/base"))?.status()).toBe(200);
  const block = page.locator("#chain-local-depeg-events");
  await block.scrollIntoViewIfNeeded();
  const table = block.getByTestId("chain-local-depeg-events");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.getByRole("link", { name: "USDC" })).toHaveAttribute(
    "href",
    "/stablecoins/usdc",
  );
  await expect(table).toContainText("−350.0 bps");
  await noHorizontalOverflow(page);
  await block.screenshot({ path: "test-results/history-chain-base-routed-390.png" });
});
