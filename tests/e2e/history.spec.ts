import { expect, test, type Page } from "@playwright/test";

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
  // Loaded: the start line (history) or the empty state (none yet).
  await expect(section.getByTestId("history-start")).toBeVisible();
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
  // The 24h window of the smallest fixture coin the history route knows without points.
  const api = await (await request.get("/api/stablecoin-history?q=usdc&window=24h")).json();
  test.skip(api.points.length > 0, "USDC has own history in this world");
  const { section } = await openSection(page, "/stablecoins/usdc?e2e=1");
  await section.getByRole("button", { name: "24h", exact: true }).click();
  await expect(section.getByText("No history in this window")).toBeVisible();
  await expect(section).toContainText("not measured");
  await expect(section.getByTestId("history-start")).toContainText("cannot be backfilled");
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
