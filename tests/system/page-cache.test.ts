/**
 * System (production build, `next start`), issue 25 §4: one canonical path per coin. Any other
 * spelling that resolves answers 308 to it, an unknown one the proxy's 404 document, and 2,000 distinct
 * random and case-variant paths store no page each: the build directory grows by less than 5 MB
 * and the server's RSS (after a forced GC) by less than 32 MB. Bytes, not time.
 */
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { MEMORY_NODE_ARGS } from "@/scripts/bench/scenarios";
import {
  caseVariant,
  coinSpellings,
  PAGE_CACHE_DISK_BOUND_BYTES,
  PAGE_CACHE_RSS_BOUND_BYTES,
  spellingFlood,
  SPELLING_FLOOD_REQUESTS,
  type CoinSpellings,
} from "@/scripts/bench/page-spellings";
import { get } from "@/scripts/bench/load";
import { dropSnapshot, snapshotBuild, startNextApp, type NextApp } from "@/scripts/bench/servers";

jest.setTimeout(240_000);

const PERMANENT_REDIRECT = 308;

let fake: FakeUpstream;
let app: NextApp;
let coins: CoinSpellings[];

beforeAll(async () => {
  // A private copy of the build: pages this run stores never reach the repository's `.next`.
  snapshotBuild();
  fake = await startFakeUpstream({ port: 0 });
  app = await startNextApp({ fake, nodeArgs: MEMORY_NODE_ARGS });
  coins = await coinSpellings(app);
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
  dropSnapshot();
});

/** GET `/stablecoins/<segment>` as typed (`segment` already URL-encoded), not following redirects. */
async function page(segment: string, headers: Record<string, string> = {}) {
  const res = await get(`${app.url}/stablecoins/${segment}`, headers, "manual");
  const body = await res.text();
  return { status: res.status, location: res.headers.get("location"), body };
}

const enc = encodeURIComponent;
const pathOf = (selector: string) => `/stablecoins/${enc(selector)}`;
const coin = (selector: string) => coins.find((c) => c.selector === selector)!;

test("the canonical path renders the page", async () => {
  const r = await page("usdc");
  expect(r.status).toBe(200);
  expect(r.body).toContain("USDC");
});

test.each(["UsDc", "USDC", "uSdC"])(
  "a case variant (%s) answers 308 to the canonical path",
  async (s) => {
    const r = await page(s);
    expect(r.status).toBe(PERMANENT_REDIRECT);
    expect(new URL(r.location!, app.url).pathname).toBe(pathOf("usdc"));
  },
);

test("the CoinGecko id and the DefiLlama id answer 308 to the canonical path", async () => {
  const usdc = coin("usdc");
  for (const spelling of [usdc.coingeckoId!, usdc.defillamaId]) {
    const r = await page(enc(spelling));
    expect([spelling, r.status]).toEqual([spelling, PERMANENT_REDIRECT]);
    expect(new URL(r.location!, app.url).pathname).toBe(pathOf("usdc"));
  }
});

test("every coin's selector is its canonical path; its variants redirect there", async () => {
  for (const c of coins) {
    const own = await page(enc(c.selector));
    expect([c.selector, own.status]).toEqual([c.selector, 200]);
    const other = caseVariant(c.selector, 0);
    if (other === c.selector) continue;
    const r = await page(enc(other));
    expect([other, r.status, r.location && new URL(r.location, app.url).pathname]).toEqual([
      other,
      PERMANENT_REDIRECT,
      pathOf(c.selector),
    ]);
  }
});

test.each(["no-such-coin-anywhere", "zzqx17", "bad~coin", "bad%20coin", "..%2f..%2fpackage.json"])(
  "an unknown or malformed selector (%s) answers the 404 page",
  async (s) => {
    const r = await page(s);
    expect(r.status).toBe(404);
    expect(r.body).toContain("Stablecoin not found");
  },
);

test("behind a TLS-terminating proxy the 404 is still served in-process (no self-proxying)", async () => {
  const r = await page("zzqx18", { "X-Forwarded-Proto": "https" });
  expect(r.status).toBe(404);
  expect(r.body).toContain("Stablecoin not found");
});

test("a client cannot turn a coin's page into the 404 with the proxy's former header", async () => {
  const r = await page("usdc", { "x-stablecoin-unknown": "1" });
  expect(r.status).toBe(200);
});

test(`${SPELLING_FLOOD_REQUESTS} random and case-variant paths store no page each`, async () => {
  const m = await spellingFlood(app);
  // Every answer is a redirect or the 404 page; none renders and stores a page of its own.
  expect(Object.keys(m.statuses).sort()).toEqual(["308", "404"]);
  expect(m.diskAfter - m.diskBefore).toBeLessThan(PAGE_CACHE_DISK_BOUND_BYTES);
  expect(m.rssAfter - m.rssBefore).toBeLessThan(PAGE_CACHE_RSS_BOUND_BYTES);
});
