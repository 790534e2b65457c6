/**
 * `npm run prime` — the reviewed admin priming script (docs/route-contract.md rule 7, docs/execution-gate.md).
 *
 *   npm run prime              read the LATEST stored result of every configured query into the
 *                              shared snapshot cache entries (read-only, zero credits, no gate)
 *   npm run prime -- --execute ask the execution gate; when (and only when) all four conditions
 *                              hold, execute each configured query, then prime as above
 *   npm run prime -- --help
 *
 * Priming writes exactly what a route would: the same `readSnapshot` / `cachedRead` key and entry
 * shape. To refresh a still-fresh entry it deletes it first; if the read then fails, the previous
 * entry is put back for the rest of its lifetime, so a failed prime never costs routes their data.
 * Never prints a key. Exit codes: 0 ok, 1 a configured query failed, 2 gate refused, 64 usage.
 */
import { ConfigError, getConfig, type DuneQueryName } from "../lib/config";
import { getKv } from "../lib/kv";
import { executeQuery } from "../lib/operator/executor";
import { checkExecutionGate } from "../lib/operator/gate";
import { readSnapshot, SNAPSHOT_TTL_CLASS, snapshotKey } from "../lib/snapshot/snapshots";

const QUERY_VARIABLES: Readonly<Record<DuneQueryName, string>> = {
  supplyByChain: "DUNE_QUERY_SUPPLY_BY_CHAIN",
  cexFlows: "DUNE_QUERY_CEX_FLOWS",
  protocolFlows: "DUNE_QUERY_PROTOCOL_FLOWS",
  chainMigration: "DUNE_QUERY_CHAIN_MIGRATION",
  issuerExposure: "DUNE_QUERY_ISSUER_EXPOSURE",
};
const QUERY_NAMES = Object.keys(QUERY_VARIABLES) as DuneQueryName[];

const EXIT_FAILED = 1;
const EXIT_GATE_REFUSED = 2;
const EXIT_USAGE = 64;

const USAGE = `Usage: npm run prime [-- --execute]

Reads the latest stored result of every configured Dune query (${QUERY_NAMES.map((n) => QUERY_VARIABLES[n]).join(", ")})
into the shared snapshot cache, bypassing freshness. Read-only: costs no credits.

  --execute  First EXECUTE each configured query (costs credits), then prime. Refused unless all
             four gate conditions hold: DUNE_ALLOW_EXECUTION=true (legacy ALLOW_DUNE_EXECUTION),
             DUNE_EXECUTION_ACK=I_UNDERSTAND_THIS_COSTS_CREDITS, DUNE_WRITE_API_KEY set (and not
             the read key), and not running in CI or tests.
  --help     Show this text.`;

type Mode = "prime" | "execute" | "help";

function parseArgs(argv: string[]): Mode | { error: string } {
  let mode: Mode = "prime";
  for (const arg of argv) {
    if (arg === "--help" || arg === "-h") return "help";
    if (arg === "--execute") mode = "execute";
    else return { error: `Unknown argument: ${arg.slice(0, 40)}` };
  }
  return mode;
}

function configured(): Array<{ name: DuneQueryName; id: string }> {
  const ids = getConfig().duneQueries;
  return QUERY_NAMES.flatMap((name) => {
    const id = ids[name];
    return id ? [{ name, id }] : [];
  });
}

function remainingSeconds(entry: unknown, ttlSeconds: number): number {
  const storedAt = (entry as { storedAt?: unknown } | null)?.storedAt;
  if (typeof storedAt !== "number") return 0;
  return Math.floor(ttlSeconds - (Date.now() - storedAt) / 1000);
}

/** Re-reads one query into its shared cache entry. True when rows were primed. */
async function primeOne(name: DuneQueryName, id: string): Promise<boolean> {
  const kv = getKv();
  const key = snapshotKey(id);
  const ttlSeconds = getConfig().ttlSeconds[SNAPSHOT_TTL_CLASS[name]];
  const previous: unknown = await kv.get(key).catch(() => undefined);
  await kv
    .delete(key)
    .catch(() => console.warn(`  ${name}: cache delete failed (store unavailable)`));

  const read = await readSnapshot(name, { kv });
  if (read.ok) {
    console.log(
      `  ${name}  id=${id}  rows=${read.rows.length}  execution_ended_at=${read.executionEndedAt}  (${read.ttlClass}, ${read.source})`,
    );
    return true;
  }
  const hint = read.reason === "no_key" ? " (DUNE_API_KEY is unset)" : "";
  console.log(`  ${name}  id=${id}  ${read.warning}  [${read.reason}]${hint}`);
  const left = remainingSeconds(previous, ttlSeconds);
  if (previous !== undefined && left >= 1) {
    await kv.set(key, previous, left).catch(() => undefined);
    console.log(`  ${name}  kept the previous snapshot for its remaining ${left} s`);
  }
  return false;
}

async function primeAll(): Promise<boolean> {
  const ids = getConfig().duneQueries;
  console.log("Priming scheduled snapshots (read-only latest results, no execution):");
  let ok = true;
  for (const name of QUERY_NAMES) {
    const id = ids[name];
    if (!id) console.log(`  ${name}  not configured (${QUERY_VARIABLES[name]} is unset), skipped`);
    else if (!(await primeOne(name, id))) ok = false;
  }
  if (configured().length === 0) console.log("No query ids configured: nothing to prime.");
  return ok;
}

async function executeAll(): Promise<boolean> {
  let ok = true;
  for (const { name, id } of configured()) {
    console.log(`  executing ${name}  id=${id} …`);
    try {
      const outcome = await executeQuery(id);
      console.log(
        `  ${name}  execution ${outcome.executionId}: ${outcome.state} after ${outcome.pollAttempts} status read(s)`,
      );
    } catch (error) {
      ok = false;
      // Executor and gate errors carry endpoint templates and variable names only.
      console.error(
        `  ${name}  execution failed: ${error instanceof Error ? error.message : "unknown error"}`,
      );
    }
  }
  return ok;
}

async function main(): Promise<number> {
  const mode = parseArgs(process.argv.slice(2));
  if (typeof mode === "object") {
    console.error(`${mode.error}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (mode === "help") {
    console.log(USAGE);
    return 0;
  }

  if (mode === "execute") {
    const gate = checkExecutionGate(process.env);
    if (!gate.allowed) {
      console.error("Execution refused: the execution gate is closed. Failed condition(s):");
      for (const reason of gate.failed) console.error(`  - ${reason}`);
      console.error("Nothing was executed and no provider was called.");
      return EXIT_GATE_REFUSED;
    }
  }

  try {
    getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return EXIT_FAILED;
    }
    throw error;
  }

  try {
    let ok = true;
    if (mode === "execute") {
      console.log("Execution gate open: executing configured queries (this costs credits).");
      ok = await executeAll();
    }
    if (!(await primeAll())) ok = false;
    return ok ? 0 : EXIT_FAILED;
  } finally {
    await getKv()
      .close()
      .catch(() => undefined);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `prime-snapshots failed: ${error instanceof Error ? error.name : "unknown error"}`,
    );
    process.exitCode = EXIT_FAILED;
  },
);
