/**
 * Issue item 4 (Lighthouse): the performance and accessibility categories for every page of
 * `PAGES` (./pages; accessibility 100 is issue 15 §3's goal, and issue 28's for the chain
 * pages), with Lighthouse's default mobile settings (simulated slow 4G, 4× CPU slowdown) and
 * its desktop preset, in Debian's Chromium launched by chrome-launcher. Several runs per page
 * and preset; the reported run is Lighthouse's own median run (`computeMedianRun`: closest to
 * the median FCP and TTI), as Lighthouse's variability guide advises.
 */
import { launch } from "chrome-launcher";
import type { Result as LighthouseResult } from "lighthouse";
import { CHROMIUM_PATH, versionOf } from "./machine";
import { PAGES } from "./pages";
import { table, type Goal, type Section } from "./report";
import type { NextApp } from "./servers";

export const LIGHTHOUSE_GOAL = 90;
export const ACCESSIBILITY_GOAL = 100;
/** Below this `benchmarkIndex` Lighthouse warns that the host CPU is slower than it expects. */
const SLOW_HOST_BENCHMARK_INDEX = 1000;
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
  /** Lighthouse's own CPU benchmark of the host for this run (`environment.benchmarkIndex`). */
  benchmarkIndex: number;
  accessibility: number;
  metrics: Record<string, string>;
  warnings: string[];
}

const percent = (score: number | null | undefined) =>
  typeof score === "number" ? Math.round(score * 100) : 0;

function summarise(lhr: LighthouseResult): LhRun {
  const metrics: Record<string, string> = {};
  for (const [id, short] of METRICS) metrics[short] = lhr.audits[id]?.displayValue ?? "—";
  return {
    score: percent(lhr.categories.performance?.score),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    accessibility: percent(lhr.categories.accessibility?.score),
    metrics,
    warnings: [...lhr.runWarnings, ...(lhr.runtimeError ? [lhr.runtimeError.message] : [])],
  };
}

async function runOnce(url: string, preset: "mobile" | "desktop"): Promise<LighthouseResult> {
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
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** The median run of `runs` Lighthouse runs, and every run's performance score. */
async function medianRun(url: string, preset: "mobile" | "desktop", runs: number) {
  const { computeMedianRun } = await import("lighthouse/core/lib/median-run.js");
  const lhrs: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) lhrs.push(await runOnce(url, preset));
  const all = lhrs.map(summarise);
  return {
    median: summarise(computeMedianRun(lhrs)),
    scores: all.map((r) => r.score),
    benchmarkIndexes: all.map((r) => r.benchmarkIndex),
  };
}

export async function lighthouseScores(app: NextApp, runs: number): Promise<Section> {
  const rows: (string | number)[][] = [];
  const goals: Goal[] = [];
  const notes: string[] = [];
  const indexes: number[] = [];
  for (const p of PAGES) {
    for (const preset of ["mobile", "desktop"] as const) {
      const {
        median: r,
        scores,
        benchmarkIndexes,
      } = await medianRun(app.url + p.path, preset, runs);
      indexes.push(...benchmarkIndexes);
      rows.push([
        `\`${p.path}\``,
        preset,
        `**${r.score}**`,
        scores.join(", "),
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
          item: p.issue ?? "15.3",
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
      `\`${FLAGS.join(" ")}\`, ${runs} run(s) per page and preset against the warm \`next start\` ` +
      "(file store, full-market fake upstream). mobile = Lighthouse's default (simulated throttling: slow 4G, " +
      "4× CPU slowdown, Moto G Power viewport); desktop = its desktop preset. Score, A11y and " +
      "the metrics are those of Lighthouse's median run (`computeMedianRun`: the run closest " +
      "to the median FCP and TTI); runs = every run's performance score, in order. Scores vary " +
      "between runs on a shared box.",
    "",
    `Host CPU as Lighthouse measures it (\`benchmarkIndex\`, every run): ` +
      `${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}. Below ` +
      `${SLOW_HOST_BENCHMARK_INDEX} Lighthouse warns that the host CPU is slower than it expects, ` +
      "which can lower the performance score (mostly through TBT), and its docs advise " +
      "calibrating the CPU slowdown multiplier; the scores here use the default 4×, uncalibrated.",
    "",
    table(["Page", "Preset", "Score", "runs", "A11y", ...METRICS.map(([, s]) => s)], rows),
    ...(notes.length ? ["", "Lighthouse run warnings:", "", ...notes] : []),
  ].join("\n");
  return { title: "4b. Pages: Lighthouse", body, goals };
}
