/**
 * Issue item 4 (weights): first-load JavaScript per page from the build output (gzip, zlib
 * default level — what `next start` sends) and from Chromium (bytes over the wire), total
 * transfer after the network settles, and whether the chart libraries stay out of first load.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH } from "./machine";
import { fmt, table, type Goal, type Section } from "./report";
import { buildDir, type NextApp } from "./servers";

/**
 * `route` = the URL pattern; the page's app path (route groups and all) comes from the build.
 * `issue` = the issue whose goals the page's Lighthouse accessibility row reports (issue 15 §3
 * unless said). `/chains/arbitrum`: a chain of the full recorded market (issue 28).
 */
export const PAGES: readonly { label: string; path: string; route: string; issue?: string }[] = [
  { label: "home", path: "/", route: "/" },
  { label: "asset", path: "/stablecoins/usdc", route: "/stablecoins/[asset]" },
  { label: "chains", path: "/chains", route: "/chains", issue: "28" },
  { label: "chain", path: "/chains/arbitrum", route: "/chains/[chain]", issue: "28" },
];
export const HOME_FIRST_LOAD_BUDGET_BYTES = 180_000;
/** String literals only the chart libraries ship (recharts class names, nivo's colour scheme). */
const CHART_SIGNATURES = /recharts-surface|recharts-wrapper|nivo:\["#|scheme:"nivo"/;
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

interface BuildWeight {
  chunks: string[];
  rawBytes: number;
  gzipBytes: number;
  chartChunksInFirstLoad: string[];
}

/** `/` → `/(home)/page` (say): the page's app path, from `app-path-routes-manifest.json`. */
function appPathOf(route: string): string {
  const file = path.join(buildDir(), "app-path-routes-manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const hit = Object.entries(manifest).find(([k, v]) => v === route && k.endsWith("/page"));
  if (!hit) throw new Error(`no page for ${route} in the build`);
  return hit[0];
}

function clientManifest(route: string): { entryJSFiles: Record<string, string[]> } {
  const appPath = appPathOf(route);
  const file = path.join(buildDir(), "server", "app", `${appPath}_client-reference-manifest.js`);
  const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } =
    vm.createContext({});
  vm.runInContext(readFileSync(file, "utf8"), sandbox);
  const entry = Object.values(sandbox.__RSC_MANIFEST ?? {})[0];
  if (!entry) throw new Error(`no client reference manifest for ${route}`);
  return entry;
}

/** Every static chunk that carries a chart library. */
export function chartChunks(): Set<string> {
  const dir = path.join(buildDir(), "static", "chunks");
  const out = new Set<string>();
  for (const f of readdirSync(dir)) {
    if (f.endsWith(".js") && CHART_SIGNATURES.test(readFileSync(path.join(dir, f), "utf8")))
      out.add(`static/chunks/${f}`);
  }
  return out;
}

/** rootMainFiles (framework + runtime) ∪ the JS of every segment the page's tree references. */
export function buildWeight(route: string, charts: Set<string>): BuildWeight {
  const manifest = JSON.parse(
    readFileSync(path.join(buildDir(), "build-manifest.json"), "utf8"),
  ) as {
    rootMainFiles: string[];
  };
  const files = new Set([
    ...manifest.rootMainFiles,
    ...Object.values(clientManifest(route).entryJSFiles).flat(),
  ]);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const buf = readFileSync(path.join(buildDir(), f));
    rawBytes += buf.length;
    gzipBytes += gzipSync(buf).length;
  }
  const chunks = [...files];
  return {
    chunks,
    rawBytes,
    gzipBytes,
    chartChunksInFirstLoad: chunks.filter((c) => charts.has(c)),
  };
}

interface BrowserWeight {
  firstLoadJsBytes: number;
  firstLoadJsCount: number;
  lazyJsBytes: number;
  lazyChartChunks: number;
  totalBytes: number;
  requests: number;
}

interface Entry {
  name: string;
  initiatorType: string;
  transferSize: number;
}

async function measureInChromium(
  url: string,
  pagePath: string,
  charts: Set<string>,
): Promise<BrowserWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const nav = await page.goto(url + pagePath, { waitUntil: "load", timeout: 60_000 });
    if (!nav || nav.status() !== 200) throw new Error(`${pagePath}: HTTP ${nav?.status()}`);
    const html = await nav.text();
    await page.waitForLoadState("networkidle", { timeout: 30_000 });
    await page.waitForTimeout(500);
    const { resources, document } = await page.evaluate(() => ({
      resources: performance.getEntriesByType("resource").map((e) => {
        const r = e as PerformanceResourceTiming;
        return { name: r.name, initiatorType: r.initiatorType, transferSize: r.transferSize };
      }),
      document: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
        .transferSize,
    }));
    await context.close();
    const js = (resources as Entry[]).filter((r) => new URL(r.name).pathname.endsWith(".js"));
    const inHtml = (r: Entry) => html.includes(new URL(r.name).pathname);
    const first = js.filter(inHtml);
    const lazy = js.filter((r) => !inHtml(r));
    const sum = (xs: Entry[]) => xs.reduce((a, r) => a + r.transferSize, 0);
    return {
      firstLoadJsBytes: sum(first),
      firstLoadJsCount: first.length,
      lazyJsBytes: sum(lazy),
      lazyChartChunks: lazy.filter((r) =>
        charts.has(new URL(r.name).pathname.replace(/^\/_next\//, "")),
      ).length,
      totalBytes: document + sum(resources as Entry[]),
      requests: resources.length + 1,
    };
  } finally {
    await browser.close();
  }
}

export async function pageWeights(app: NextApp): Promise<Section> {
  const charts = chartChunks();
  const rows: (string | number)[][] = [];
  const goals: Goal[] = [];
  for (const p of PAGES) {
    const b = buildWeight(p.route, charts);
    const w = await measureInChromium(app.url, p.path, charts);
    rows.push([
      `${p.label} \`${p.path}\``,
      `${b.chunks.length} chunks, ${fmt.kb(b.rawBytes)} raw, **${fmt.kb(b.gzipBytes)} gz**`,
      `${w.firstLoadJsCount} files, ${fmt.kb(w.firstLoadJsBytes)}`,
      fmt.kb(w.lazyJsBytes),
      `${fmt.kb(w.totalBytes)} in ${w.requests} requests`,
      b.chartChunksInFirstLoad.length === 0
        ? `none in first load${w.lazyChartChunks ? `; ${w.lazyChartChunks} loaded lazily` : ""}`
        : b.chartChunksInFirstLoad.join(", "),
    ]);
    if (p.label === "home") {
      goals.push({
        item: "4",
        what: "home first-load JS (gzip), from the build",
        goal: `≤ ${fmt.kb(HOME_FIRST_LOAD_BUDGET_BYTES)}`,
        observed: fmt.kb(b.gzipBytes),
        pass: b.gzipBytes <= HOME_FIRST_LOAD_BUDGET_BYTES,
        enforced: true,
      });
      goals.push({
        item: "4",
        what: "home first-load JS over the wire, Chromium",
        goal: `≤ ${fmt.kb(HOME_FIRST_LOAD_BUDGET_BYTES)}`,
        observed: fmt.kb(w.firstLoadJsBytes),
        pass: w.firstLoadJsBytes <= HOME_FIRST_LOAD_BUDGET_BYTES,
        enforced: true,
      });
    }
    goals.push({
      item: "4",
      what: `${p.label}: charts loaded lazily`,
      goal: "no chart-library chunk in first load",
      observed:
        b.chartChunksInFirstLoad.length === 0
          ? "none"
          : `${b.chartChunksInFirstLoad.length} chart chunk(s) in first load`,
      pass: b.chartChunksInFirstLoad.length === 0,
      enforced: true,
    });
  }
  const body = [
    "Build: `build-manifest.json` `rootMainFiles` (framework and runtime) plus every chunk in the " +
      "page's `entryJSFiles` (root layout, error and not-found boundaries, the page), each gzipped " +
      "with zlib's default level; kB = 1,000 bytes. Chromium: a fresh context per page against " +
      "`next start` (which gzips), `transferSize` of the `.js` resources named in the server HTML " +
      "(first load) and of the others (requested later: lazy), and of every resource plus the " +
      "document once the network is idle. Chart chunks = chunks containing recharts' or nivo's " +
      `own string literals (${chartChunks().size} in this build).`,
    "",
    table(
      [
        "Page",
        "First-load JS (build)",
        "First-load JS (Chromium)",
        "Lazy JS",
        "Total transfer",
        "Chart chunks",
      ],
      rows,
    ),
  ].join("\n");
  return { title: "4a. Pages: weight", body, goals };
}
