import { expect, test, type Page } from "@playwright/test";

// Demo data (fixture world): the trimmed aggregate's chains; DAI trades at 0.968 in every
// arbitrum pool while its aggregate price is within 20 bps (the recorded chain-local depeg).

const GOAL_MIN_USD = 10_000_000;

async function open(page: Page, path: string) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("load");
  return errors;
}

test("/chains: bars, a sortable and filterable table, links to each chain", async ({ page }) => {
  const errors = await open(page, "/chains");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stablecoins by chain");
  await expect(page.getByRole("link", { name: "Chains", exact: true })).toBeVisible();
  await expect(
    page.getByRole("list", { name: /largest chains/ }).getByRole("listitem"),
  ).toHaveCount(15);
  const table = page.getByTestId("chains-table");
  await expect(page.locator("[data-hydrated=true]")).toHaveCount(1);
  expect(await table.locator("tbody tr").count()).toBeGreaterThan(20);
  await expect(table.locator("tbody tr").first()).toHaveAttribute("data-chain", "ethereum");

  await page.getByLabel("Filter chains").fill("tron");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.getByRole("link", { name: "Tron" })).toHaveAttribute("href", "/chains/tron");
  await page.getByLabel("Filter chains").fill("");

  await table.getByRole("button", { name: /^Chain/ }).click();
  await expect(table.getByRole("columnheader", { name: /^Chain/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  const first = await table.locator("tbody tr").first().getAttribute("data-chain");
  expect(first).not.toBe("ethereum");
  expect(errors).toEqual([]);
});

test("/chains/arbitrum: coins, native vs bridged, chain-local depeg of DAI, history", async ({
  page,
}) => {
  const errors = await open(page, "/chains/arbitrum");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stablecoins on Arbitrum");
  await expect(page.getByTestId("chain-local-depeg")).toContainText("DAI");
  const coins = page.getByTestId("chain-coins-table");
  const dai = coins.locator("tr[data-coin=DAI]");
  await expect(dai).toContainText("chain-local depeg");
  await expect(dai).toContainText(/pools, \$[\d.]+[KMB]? TVL/);
  const usdc = coins.locator("tr[data-coin=USDC]");
  await expect(usdc).toContainText(/Native \$/);
  await expect(usdc).not.toContainText("chain-local depeg");
  await page.getByTestId("supply-history-chart").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("supply-history-chart").locator("svg").first()).toBeVisible();
  expect(errors).toEqual([]);

  await open(page, "/chains/ethereum");
  await expect(page.getByTestId("chain-local-depeg")).toHaveCount(0);
});

test("one path per chain: other spellings redirect, unknown chains 404", async ({ page }) => {
  const bsc = await page.goto("/chains/BSC");
  expect(bsc?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/chains/bnb");
  const op = await page.goto("/chains/OP%20Mainnet");
  expect(op?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/chains/optimism");
  const unknown = await page.goto("/chains/no-such-chain");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId("chain-not-found")).toBeVisible();
});

test("every chain with ≥ 10 M USD has a page that renders with data", async ({ page, request }) => {
  const res = await request.get("/api/stablecoin-chains");
  const body = (await res.json()) as {
    chains: { chain: string; total_circulating_usd: number }[];
  };
  const big = body.chains.filter((c) => c.total_circulating_usd >= GOAL_MIN_USD);
  expect(big.map((c) => c.chain)).toEqual(expect.arrayContaining(["ethereum", "tron", "solana"]));
  for (const c of big) {
    const r = await page.goto(`/chains/${encodeURIComponent(c.chain)}`);
    expect({ chain: c.chain, status: r?.status() }).toEqual({ chain: c.chain, status: 200 });
    expect(await page.getByTestId("chain-coins-table").locator("tbody tr").count()).toBeGreaterThan(
      0,
    );
  }
});

test("asset page: native vs bridged per chain and the chain-local peg", async ({ page }) => {
  await open(page, "/stablecoins/dai");
  const panel = page.getByTestId("coin-chains-table");
  await expect(panel.locator("tr[data-chain=arbitrum]")).toContainText("chain-local depeg");
  await expect(page.getByTestId("coin-chain-local-depeg")).toContainText("Arbitrum");
  await expect(panel.getByRole("link", { name: "Ethereum" })).toHaveAttribute(
    "href",
    "/chains/ethereum",
  );

  await open(page, "/stablecoins/usdc");
  await expect(page.getByTestId("coin-chains-table")).toBeVisible();
  await expect(page.getByTestId("coin-chain-local-depeg")).toHaveCount(0);
});

test("home: the chain filter links to the chain page", async ({ page }) => {
  await open(page, "/");
  await expect(page.locator("[data-hydrated=true]")).toHaveCount(1);
  await page.getByLabel("Chain", { exact: true }).selectOption("tron");
  const link = page.getByTestId("chain-page-link");
  await expect(link).toHaveAttribute("href", "/chains/tron");
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stablecoins on Tron");
});
