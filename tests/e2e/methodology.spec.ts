import { expect, test } from "@playwright/test";

test("the methodology page lists TTLs, the badge tolerance, boundaries and every constant", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto("/methodology");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Methodology");

  // Every table-of-contents entry points at a heading on the page.
  const toc = page.getByRole("navigation", { name: "Contents" });
  const hrefs = await toc
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThanOrEqual(15);
  for (const href of hrefs) await expect(page.locator(`${href} h2`)).toBeVisible();

  const caching = page.locator("#caching");
  for (const ttl of ["6 h", "12 h", "24 h"]) await expect(caching).toContainText(ttl);
  // Rule 6 for scheduled snapshots; a live provider's valid empty answer is an answer (issue 13).
  await expect(caching).toContainText("Empty or failed on-chain snapshot results are never cached");
  await expect(caching).toContainText("Failed reads are never stored");
  await expect(caching).toContainText("Stale copy served (grace)");

  await expect(page.locator("#badge")).toContainText("0.999–1.001 USD");
  await expect(page.locator("#sources")).toContainText("scheduled/cached — never live");
  await expect(page.locator("#depth")).toContainText("√1.02 − √0.98");
  await expect(page.locator("#telemetry")).toContainText("reset on cold start");

  const boundaries = page.getByTestId("boundaries");
  for (const text of [
    "No holder analytics.",
    "holderAnalyticsSupported: false",
    "No advice.",
    "No mint/redeem transaction flow.",
    "no deanonymization",
    "Solana holder analytics are unsupported.",
    "Yield evidence is not wired.",
  ]) {
    await expect(boundaries).toContainText(text);
  }

  const constants = page.getByTestId("constants-table");
  expect(await constants.locator("tbody tr").count()).toBeGreaterThanOrEqual(30);
  await expect(constants.locator("#const-PEG_BADGE_MAX_USD")).toContainText("1.001 USD");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/methodology.png", fullPage: true });
  expect(errors).toEqual([]);
});
