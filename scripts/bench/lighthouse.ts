/**
 * Issue item 4 (Lighthouse): the performance category for `/` and `/stablecoins/usdc`, with
 * Lighthouse's default mobile settings (simulated slow 4G, 4× CPU slowdown) and its desktop
 * preset, in Debian's Chromium launched by chrome-launcher.
 */
import { launch } from "chrome-launcher";
import { CHROMIUM_PATH, versionOf } from "./machine";
import { PAGES } from "./pages";
import { table, type Goal, type Section } from "./report";
import type { NextApp } from "./servers";

export const LIGHTHOUSE_GOAL = 90;
export const ACCESSIBILITY_GOAL = 100;
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

interface LhRun {
  score: number;
  accessibility: number;
  metrics: Record<string, string>;
  warnings: string[];
}

async function runOnce(url: string, preset: "mobile" | "desktop"): Promise<LhRun> {
  const { default: lighthouse, desktopConfig } = await import("lighthouse");
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS, logLevel: "error" });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    const metrics: Record<string, string> = {};
    for (const [id, short] of METRICS) metrics[short] = lhr.audits[id]?.displayValue ?? "—";
    const score = lhr.categories.performance?.score;
    const a11y = lhr.categories.accessibility?.score;
    return {
      score: typeof score === "number" ? Math.round(score * 100) : 0,
      accessibility: typeof a11y === "number" ? Math.round(a11y * 100) : 0,
      metrics,
      warnings: [...lhr.runWarnings, ...(lhr.runtimeError ? [lhr.runtimeError.message] : [])],
    };
  } finally {
    chrome.kill();
  }
}

export async function lighthouseScores(app: NextApp): Promise<Section> {
  const rows: (string | number)[][] = [];
  const goals: Goal[] = [];
  const notes: string[] = [];
  for (const p of PAGES) {
    for (const preset of ["mobile", "desktop"] as const) {
      const r = await runOnce(app.url + p.path, preset);
      rows.push([
        `\`${p.path}\``,
        preset,
        `**${r.score}**`,
        r.accessibility,
        ...METRICS.map(([, short]) => r.metrics[short] ?? "—"),
      ]);
      goals.push({
        item: "4",
        what: `Lighthouse performance, \`${p.path}\`, ${preset}`,
        goal: `≥ ${LIGHTHOUSE_GOAL}`,
        observed: String(r.score),
        pass: r.score >= LIGHTHOUSE_GOAL,
      });
      if (preset === "mobile")
        goals.push({
          item: "15.3",
          what: `Lighthouse accessibility, \`${p.path}\`, mobile`,
          goal: `${ACCESSIBILITY_GOAL}`,
          observed: String(r.accessibility),
          pass: r.accessibility >= ACCESSIBILITY_GOAL,
        });
      for (const w of r.warnings) notes.push(`- ${p.path} (${preset}): ${w}`);
    }
  }
  const body = [
    `Lighthouse ${versionOf("lighthouse")} (node API, performance and accessibility categories), ` +
      `chrome-launcher ${versionOf("chrome-launcher")} with \`${CHROMIUM_PATH}\` ` +
      `\`${FLAGS.join(" ")}\`, one run per page and preset against the warm \`next start\` ` +
      "(file store, full-market fake upstream). mobile = Lighthouse's default (simulated throttling: slow 4G, " +
      "4× CPU slowdown, Moto G Power viewport); desktop = its desktop preset. Scores vary by a " +
      "few points between runs on a shared box.",
    "",
    table(["Page", "Preset", "Score", "A11y", ...METRICS.map(([, s]) => s)], rows),
    ...(notes.length ? ["", "Lighthouse run warnings:", "", ...notes] : []),
  ].join("\n");
  return { title: "4b. Pages: Lighthouse", body, goals };
}
