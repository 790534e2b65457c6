/**
 * Final step of `npm test`: no canary key may appear in anything the suite produced.
 *
 *   npx tsx scripts/check-secrets.ts [--quiet] [extra paths…]
 *
 * Scans `.next/` (server and static output, build cache), `test-results/` (responses saved by
 * the e2e security spec, reliability results, the soak's server log; images and videos are
 * skipped) and `docs/` for every canary: the integration harness's read keys, the demo's read
 * key (the e2e webServer), the soak's keys and the canary write key. The canaries are read from
 * their source files, so this list never drifts. Exits 1 naming file and canary (never printing
 * the value) on any hit, 0 otherwise.
 */
import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
} from "node:fs";
import path from "node:path";
import {
  CANARY_WRITE_KEY,
  SOAK_CG_KEY,
  SOAK_DUNE_KEY,
} from "../tests/integration/reliability/canaries";

const ROOT = path.resolve(__dirname, "..");
const DEFAULT_TARGETS = [".next", "test-results", "docs"];
const SKIPPED_EXTENSIONS = new Set([
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".webm",
  ".mp4",
  ".ico",
]);
const CHUNK_BYTES = 1024 * 1024;

export interface Canary {
  name: string;
  value: string;
}

export interface Finding {
  file: string;
  canary: string;
}

/** `const NAME = "value"` from a source file: the canaries' single source of truth. */
function constantFrom(file: string, name: string): string {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const m = new RegExp(`\\b${name}\\s*=\\s*"([^"]{8,})"`).exec(text);
  if (!m?.[1]) throw new Error(`check-secrets: ${name} not found in ${file}`);
  return m[1];
}

export function loadCanaries(): Canary[] {
  return [
    {
      name: "CANARY_DUNE_KEY",
      value: constantFrom("tests/integration/helpers/harness.ts", "CANARY_DUNE_KEY"),
    },
    {
      name: "CANARY_CG_KEY",
      value: constantFrom("tests/integration/helpers/harness.ts", "CANARY_CG_KEY"),
    },
    { name: "DEMO_READ_KEY", value: constantFrom("scripts/demo.ts", "DEMO_READ_KEY") },
    { name: "SOAK_DUNE_KEY", value: SOAK_DUNE_KEY },
    { name: "SOAK_CG_KEY", value: SOAK_CG_KEY },
    { name: "CANARY_WRITE_KEY", value: CANARY_WRITE_KEY },
  ];
}

function* walk(p: string): Generator<string> {
  if (!existsSync(p)) return;
  const st = lstatSync(p);
  if (st.isSymbolicLink()) return;
  if (st.isFile()) {
    if (!SKIPPED_EXTENSIONS.has(path.extname(p).toLowerCase())) yield p;
    return;
  }
  if (!st.isDirectory()) return;
  for (const entry of readdirSync(p)) yield* walk(path.join(p, entry));
}

/**
 * Which canaries occur in a file. Streams it in chunks (with an overlap the length of the
 * longest canary), so large build artefacts are scanned without loading them whole. Also
 * matches the UTF-16LE form, in case a binary artefact stores strings that way.
 */
export function canariesIn(file: string, canaries: Canary[]): string[] {
  const needles = canaries.flatMap((c) => [
    { name: c.name, bytes: Buffer.from(c.value, "utf8") },
    { name: c.name, bytes: Buffer.from(c.value, "utf16le") },
  ]);
  const overlap = Math.max(...needles.map((n) => n.bytes.length));
  const found = new Set<string>();
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(CHUNK_BYTES + overlap);
    let carried = 0;
    for (;;) {
      const read = readSync(fd, buf, carried, CHUNK_BYTES, null);
      const window = buf.subarray(0, carried + read);
      for (const n of needles) if (window.includes(n.bytes)) found.add(n.name);
      if (read === 0) break;
      carried = Math.min(overlap, window.length);
      window.copy(buf, 0, window.length - carried);
    }
  } finally {
    closeSync(fd);
  }
  return [...found];
}

export function scan(
  targets: string[],
  canaries: Canary[],
): { files: number; findings: Finding[] } {
  const findings: Finding[] = [];
  let files = 0;
  for (const target of targets) {
    for (const file of walk(path.resolve(ROOT, target))) {
      files += 1;
      for (const canary of canariesIn(file, canaries))
        findings.push({ file: path.relative(ROOT, file), canary });
    }
  }
  return { files, findings };
}

function main(): void {
  const args = process.argv.slice(2);
  const quiet = args.includes("--quiet");
  const extra = args.filter((a) => !a.startsWith("--"));
  const targets = [...DEFAULT_TARGETS, ...extra];
  const canaries = loadCanaries();
  const { files, findings } = scan(targets, canaries);
  if (!existsSync(path.join(ROOT, "test-results")))
    console.warn("check-secrets: test-results/ does not exist (run the suites first).");
  if (findings.length > 0) {
    console.error(`check-secrets: ${findings.length} canary hit(s) in ${files} files scanned:`);
    for (const f of findings) console.error(`  ${f.file}: ${f.canary}`);
    process.exit(1);
  }
  if (!quiet)
    console.log(
      `check-secrets: ${canaries.length} canaries, ${files} files under ${targets.join(", ")}: clean.`,
    );
}

if (require.main === module) main();
