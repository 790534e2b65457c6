/**
 * System (production build, `next start`): no page is kept from data the service did not have
 * (docs/caching.md "Pages"). The app is built with every upstream unreachable, so `next build`
 * renders the static pages from partial data; it is then started against the fake upstream. The
 * first answer of each page is a fresh render showing the data, never the build's copy; a page
 * rendered while a source is down answers `private, no-store`, and once the source is back the
 * next visit shows the data.
 */
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { freePort } from "@/tests/helpers/redis-server";
import {
  PARTIAL_PAGE_CACHE_CONTROL,
  PARTIAL_PAGE_REUSE_MS,
  PARTIAL_PAGE_TAG,
} from "@/lib/page-cache";
import { FAILURE_COOLDOWN_MS } from "@/lib/snapshot/freshness";
import { get } from "@/scripts/bench/load";
import { ROOT, startNextApp, tempDir, type NextApp } from "@/scripts/bench/servers";

// A whole `next build` of its own: minutes on a shared machine.
jest.setTimeout(20 * 60_000);

/**
 * Not copied into the build directory: built output, dependencies (hard-linked), reports, and
 * the tests and scripts (the app imports neither; the build's type check need not read them).
 */
const NOT_COPIED = new Set([
  ".git",
  ".next",
  ".data",
  "node_modules",
  "test-results",
  "playwright-report",
  "tests",
  "scripts",
]);

/** The page built from the code alone. */
const CODE_ONLY_PAGE = "/methodology";
/** The data pages `next build` renders ahead (they have a stored copy from the build). */
const BUILT_PAGES = ["/", "/chains", "/flows", "/depegs"];
/** Every page a visitor reaches, with a text only a render from data shows. */
const PAGES: readonly { path: string; shows: RegExp }[] = [
  { path: "/", shows: /USDC/ },
  { path: "/stablecoins/usdc", shows: /USD Coin/ },
  { path: "/chains", shows: /on \d+ chains/ },
  { path: "/chains/ethereum", shows: /Stablecoins on Ethereum/ },
  { path: "/flows", shows: /Flows/ },
  { path: "/depegs", shows: /[1-9]\d* coins examined/ },
  { path: CODE_ONLY_PAGE, shows: /Methodology/ },
];
/** What a render from missing data shows instead. */
const UNAVAILABLE = /could not be loaded|could not be read|is unavailable|0 coins examined/;
/** A fresh render's Cache-Control: complete, or rendered from partial data. */
const CURRENT_HEADER = new RegExp(`^(public, s-maxage=\\d+|${PARTIAL_PAGE_CACHE_CONTROL})`);
/** The chain page's warning while DexScreener is down. */
const POOLS_DOWN = /pools could not be read/;

let appDir: string;
let fake: FakeUpstream;
let app: NextApp;

/** A copy of the repository whose `next build` saw no upstream at all (a closed port). */
async function buildWithoutUpstream(dir: string, deadOrigin: string): Promise<void> {
  for (const entry of readdirSync(ROOT)) {
    if (NOT_COPIED.has(entry)) continue;
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  const probe = await startFakeUpstream({ port: 0 });
  const deadUrls = Object.fromEntries(
    Object.entries(probe.baseUrls).map(([k, url]) => [k, url.replace(probe.origin, deadOrigin)]),
  );
  await probe.close();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...deadUrls,
    KV_DIR: path.join(dir, ".data", "kv"),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  delete env.REDIS_URL;
  delete env.KV_REST_API_URL;
  const nextBin = path.join(dir, "node_modules", "next", "dist", "bin", "next");
  execFileSync(process.execPath, [nextBin, "build"], { cwd: dir, env, stdio: "pipe" });
}

/** The build's stored copy of a page, as Next wrote it (`.next/server/app/<key>.meta`). */
function builtMeta(pagePath: string): { headers?: Record<string, string> } {
  const key = pagePath === "/" ? "index" : pagePath.slice(1);
  const file = path.join(appDir, ".next", "server", "app", `${key}.meta`);
  return JSON.parse(readFileSync(file, "utf8")) as { headers?: Record<string, string> };
}

async function visit(pagePath: string) {
  const res = await get(`${app.url}${pagePath}`, {}, "manual");
  // React separates adjacent text nodes with comments: read the text as a visitor does.
  const body = (await res.text()).replace(/<!-- -->/g, "");
  return {
    status: res.status,
    cache: res.headers.get("x-nextjs-cache"),
    cacheControl: res.headers.get("cache-control"),
    body,
  };
}

beforeAll(async () => {
  appDir = tempDir("partial-build-");
  await buildWithoutUpstream(appDir, `http://127.0.0.1:${await freePort()}`);
  fake = await startFakeUpstream({ port: 0 });
  app = await startNextApp({ fake, appDir });
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

test("the build rendered its data pages from missing data and marked them so", () => {
  for (const p of BUILT_PAGES) {
    const tags = builtMeta(p).headers?.["x-next-cache-tags"] ?? "";
    expect([p, tags.split(",").includes(PARTIAL_PAGE_TAG)]).toEqual([p, true]);
  }
});

test("the first answer of each page shows the data, never the build's copy", async () => {
  for (const p of PAGES) {
    const r = await visit(p.path);
    expect([p.path, r.status]).toEqual([p.path, 200]);
    expect([p.path, r.body]).toEqual([p.path, expect.stringMatching(p.shows)]);
    // The code-only page may be the build's copy (its prose explains unavailable data): it
    // needs no data. No other page is the build's copy, and none shows data missing.
    if (p.path !== CODE_ONLY_PAGE) {
      expect([p.path, r.body]).toEqual([p.path, expect.not.stringMatching(UNAVAILABLE)]);
      expect([p.path, r.cache]).toEqual([p.path, "MISS"]);
    }
    // Complete, or still partial (the depeg log is complete once every coin's series is stored):
    // either way never the build's header.
    expect([p.path, r.cacheControl]).toEqual([p.path, expect.stringMatching(CURRENT_HEADER)]);
  }
});

test("the depeg log page lists the coins and events the API lists", async () => {
  const api = (await (await get(`${app.url}/api/stablecoin-depegs`)).json()) as {
    coins: string[];
    events: { asset: string }[];
  };
  const page = await visit("/depegs");
  expect(page.body).toContain(`${api.coins.length} coins examined`);
  if (api.events.length > 0) expect(page.body).not.toContain("No depeg events match");
});

test("a page rendered while a source is down is not kept: no-store, then the data", async () => {
  fake.setScenario("dexscreener", "500");
  const down = await visit("/chains/bnb");
  expect(down.status).toBe(200);
  expect(down.body).toMatch(POOLS_DOWN);
  expect(down.cacheControl).toBe(PARTIAL_PAGE_CACHE_CONTROL);
  fake.resetScenarios();
  // Past the failed read's cooldown and the partial render's reuse: the next visit renders anew.
  await new Promise((r) => setTimeout(r, FAILURE_COOLDOWN_MS + PARTIAL_PAGE_REUSE_MS));
  const back = await visit("/chains/bnb");
  expect(back.cache).toBe("MISS");
  expect(back.body).not.toMatch(POOLS_DOWN);
  expect(back.cacheControl).toMatch(/^public, s-maxage=/);
});
