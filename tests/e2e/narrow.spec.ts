import { expect, test, type Locator, type Page } from "@playwright/test";

// A phone's viewport: the key columns are on screen without scrolling anything sideways.
const PHONE = { width: 390, height: 844 };

async function open(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
}

/** `inner` lies horizontally inside `outer`'s visible box (and inside the viewport). */
async function expectWithin(inner: Locator, outer: Locator) {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  expect(a!.x).toBeGreaterThanOrEqual(b!.x - 1);
  expect(a!.x + a!.width).toBeLessThanOrEqual(Math.min(b!.x + b!.width, PHONE.width) + 1);
}

test("home at 390 px: peg deviation and circulating sit beside the coin, unscrolled", async ({
  page,
}) => {
  await open(page, "/?e2e=1");
  await expect(page.locator("[data-hydrated=true]")).toHaveCount(1);
  const box = page.getByRole("region", { name: /Supply table/ });
  const headers = await box.getByRole("columnheader").allTextContents();
  const at = (re: RegExp) => headers.findIndex((h) => re.test(h));
  // The first columns after the coin (the name column is hidden on a phone): its price
  // deviation, then its size.
  expect(at(/Peg deviation/)).toBe(at(/Symbol/) + 1);
  expect(at(/Circulating/)).toBe(at(/Peg deviation/) + 1);
  for (const name of [/Symbol/, /Peg deviation/, /Circulating/]) {
    await expectWithin(box.getByRole("columnheader", { name }), box);
  }
  const usdc = page.getByTestId("supply-row").nth(1);
  const cells = usdc.getByRole("cell");
  // Rank, deviation, circulating (the symbol is the row header, the name cell is hidden).
  await expect(cells.nth(1)).toContainText(/bps|NAV/);
  await expectWithin(cells.nth(1), box);
  await expect(cells.nth(2)).toContainText(/^\$[\d.]+[KMBT]?$/);
  await expectWithin(cells.nth(2), box);
  expect(await box.evaluate((el) => el.scrollLeft)).toBe(0);
});

for (const [path, testId, rowKey] of [
  ["/chains/arbitrum", "chain-coins-table", "tr[data-coin=USDC]"],
  ["/stablecoins/usdc", "coin-chains-table", "tr[data-chain=ethereum]"],
] as const) {
  test(`${path} at 390 px: native vs bridged and the chain-local peg are on screen`, async ({
    page,
  }) => {
    await open(page, path);
    const table = page.getByTestId(testId);
    await table.scrollIntoViewIfNeeded();
    const row = table.locator(rowKey);
    const headers = await table.locator("thead th").allTextContents();
    const cellOf = (label: string) => row.locator("th, td").nth(headers.indexOf(label));
    const split = cellOf("Native vs bridged");
    const peg = cellOf("Chain-local peg");
    await expect(split).toContainText(/Native \$|not measured/);
    await expect(peg).toContainText(/\$\d\.\d{4}|no pools read/);
    for (const cell of [split, peg]) {
      await expect(cell).toBeVisible();
      await expectWithin(cell, page.locator("body"));
    }
  });
}
