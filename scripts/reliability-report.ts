/**
 * Renders docs/reliability.md from the result files the reliability suites write under
 * test-results/reliability/ (fault matrix, retry storms, cache faults, fuzzing, secrets,
 * headers, short soak) plus docs/soak-10min.json. Called by each reliability test file's
 * afterAll, by the e2e security spec and by the soak, so `npm test` always leaves it current.
 *
 *   npx tsx scripts/reliability-report.ts   # re-render from the last results
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const RESULTS = path.join(ROOT, "test-results", "reliability");
const OUT = path.join(ROOT, "docs", "reliability.md");
export const SOAK_LONG_FILE = path.join(ROOT, "docs", "soak-10min.json");

import {
  cacheFaults,
  faultMatrix,
  fuzz,
  notes,
  retryStorm,
  secrets,
  soak,
  table,
  when,
  type J,
} from "../tests/integration/reliability/report-sections";

function load(file: string): J | null {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}
const result = (name: string) => load(path.join(RESULTS, `${name}.json`));
export async function writeReliabilityReport(): Promise<void> {
  const fm = result("fault-matrix");
  const sections: [string, J, number, number][] = [];
  const count = (name: string, r: J, items: J[] | undefined, passed: (x: J) => boolean) =>
    sections.push([name, r, items?.length ?? 0, items?.filter(passed).length ?? 0]);
  count("Upstream fault matrix", fm, fm?.rows, (x) => x.pass);
  const rs = result("retry-storm");
  count("Retry storms", rs, rs?.results, (x) => x.pass);
  const cf = result("cache-faults");
  count("Cache faults (Redis)", cf, cf?.results, (x) => x.pass);
  const fz = result("fuzz");
  count("Input fuzzing", fz, fz ? [fz] : undefined, () => true);
  const sc = result("secrets");
  count("Secret hygiene", sc, sc?.checks, (x) => x.pass);
  const hd = result("headers");
  count("Security headers / CSP", hd, hd?.results, (x) => x.pass);
  const short = result("soak");
  const long = existsSync(SOAK_LONG_FILE) ? load(SOAK_LONG_FILE) : null;
  count("Soak (short)", short, short ? [short] : undefined, (x) => x.pass);
  count("Soak (10 min)", long, long ? [long] : undefined, (x) => x.pass);

  const md = `# Reliability and security report

Generated from the last results of the reliability suites — do not edit by hand. Sources:
\`tests/integration/reliability/\` (jest), \`tests/e2e/security.spec.ts\` (Playwright),
\`scripts/soak.ts\`; re-render with \`npx tsx scripts/reliability-report.ts\`.

${table(
  ["Suite", "Scenarios", "Passed", "Results"],
  sections.map(([n, r, total, passed]) => [n, total, total ? `${passed}/${total}` : "—", when(r)]),
)}

## 1. Upstream fault matrix

${faultMatrix(fm)}

## 2. Retry storms

${retryStorm(rs)}

## 3. Cache faults (real Redis)

${cacheFaults(cf)}

## 4. Input fuzzing

${fuzz(fz)}

## 5. Secret hygiene and headers

${secrets(sc, hd)}

## 6. Soak

${soak(short, long)}

## 7. Findings and limits

${notes()}
`;
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, md);
}

if (require.main === module) {
  writeReliabilityReport().then(
    () => console.log(`reliability report: ${path.relative(ROOT, OUT)}`),
    (e: unknown) => {
      console.error("reliability report failed:", e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
