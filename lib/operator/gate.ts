/**
 * The provider-query execution gate (docs/execution-gate.md). Execution is refused unless ALL FOUR hold:
 *
 *   1. `DUNE_ALLOW_EXECUTION` is exactly the string `true` — lowercase, no surrounding spaces.
 *      `TRUE`, `True`, `1`, `yes`, ` true`, `true ` are all refused. The legacy alias
 *      `ALLOW_DUNE_EXECUTION` is consulted ONLY when the primary is unset (absent or empty);
 *      a set primary (even `false` or whitespace) always wins and the alias is ignored.
 *   2. `DUNE_EXECUTION_ACK` is exactly `I_UNDERSTAND_THIS_COSTS_CREDITS` (case and spaces count).
 *   3. `DUNE_WRITE_API_KEY` is set (not empty / whitespace only) and differs from the read-only
 *      `DUNE_API_KEY`: a read key never authorizes execution.
 *   4. The process is not in CI or tests (`CI` other than `false`/`0`, `NODE_ENV=test`,
 *      `JEST_WORKER_ID`, `VITEST`, `GITHUB_ACTIONS`, … see `CI_MARKERS`).
 *
 * Refusal messages name variables, never their values. Only the operator script and the
 * executor use this module; nothing reachable from a route may import it.
 */
import {
  ACK_PHRASE,
  ALLOW_FLAG,
  ALLOW_FLAG_LEGACY,
  EXECUTION_ACK,
  READ_KEY,
  readOperatorInputs,
  WRITE_KEY,
} from "@/lib/config/operator";

export type GateCondition = "allowFlag" | "acknowledgment" | "writeKey" | "notCi";

export type GateDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** Human sentences, one per failed condition, naming variables but never values. */
      failed: string[];
      /** The failed conditions, in gate order. */
      conditions: GateCondition[];
    };

type Env = Record<string, string | undefined>;

function allowFlagProblem(env: Env): string | undefined {
  const { allowFlag } = readOperatorInputs(env);
  if (allowFlag.source === "unset") {
    return `${ALLOW_FLAG} is not set (nor its legacy alias ${ALLOW_FLAG_LEGACY}); it must be exactly "true".`;
  }
  if (allowFlag.value === "true") return undefined;
  if (allowFlag.source === "legacy") {
    return `${ALLOW_FLAG_LEGACY} (legacy alias of ${ALLOW_FLAG}) is set but is not exactly "true" (lowercase, no spaces).`;
  }
  const ignored = allowFlag.legacyAlsoSet
    ? ` The legacy alias ${ALLOW_FLAG_LEGACY} is ignored while ${ALLOW_FLAG} is set.`
    : "";
  return `${ALLOW_FLAG} is set but is not exactly "true" (lowercase, no spaces).${ignored}`;
}

function ackProblem(env: Env): string | undefined {
  const { ack } = readOperatorInputs(env);
  if (ack === undefined) return `${EXECUTION_ACK} is not set; it must equal ${ACK_PHRASE}.`;
  if (ack !== ACK_PHRASE) return `${EXECUTION_ACK} does not equal ${ACK_PHRASE} exactly.`;
  return undefined;
}

function writeKeyProblem(env: Env): string | undefined {
  const { writeKey, readKey } = readOperatorInputs(env);
  if (writeKey === undefined || writeKey.trim() === "") {
    return `${WRITE_KEY} is not set; a write-capable key is required to execute a query.`;
  }
  if (readKey !== undefined && readKey.trim() === writeKey.trim()) {
    return `${WRITE_KEY} is the same as the read-only ${READ_KEY}; a read key never authorizes execution.`;
  }
  return undefined;
}

function ciProblem(env: Env): string | undefined {
  const { ciMarkers } = readOperatorInputs(env);
  if (ciMarkers.length === 0) return undefined;
  return `The process is running in CI or tests (${ciMarkers.join(", ")} set); execution is never allowed there.`;
}

const CHECKS: ReadonlyArray<readonly [GateCondition, (env: Env) => string | undefined]> = [
  ["allowFlag", allowFlagProblem],
  ["acknowledgment", ackProblem],
  ["writeKey", writeKeyProblem],
  ["notCi", ciProblem],
];

/** Asks the gate. Pure: reads only `env` (defaults to `process.env`), never the network. */
export function checkExecutionGate(env: Env = process.env): GateDecision {
  const failed: string[] = [];
  const conditions: GateCondition[] = [];
  for (const [condition, check] of CHECKS) {
    const problem = check(env);
    if (problem !== undefined) {
      failed.push(problem);
      conditions.push(condition);
    }
  }
  return failed.length === 0 ? { allowed: true } : { allowed: false, failed, conditions };
}

/** Thrown by the executor when the gate refuses. The message lists conditions, never values. */
export class ExecutionRefusedError extends Error {
  constructor(readonly failed: string[]) {
    super(`Provider query execution refused by the execution gate:\n- ${failed.join("\n- ")}`);
    this.name = "ExecutionRefusedError";
  }
}

/**
 * The write key, handed out only when the whole gate allows (throws `ExecutionRefusedError`
 * otherwise). The executor's only way to obtain it: `lib/config/operator.ts` stays gate-only.
 */
export function writeKeyIfAllowed(env: Env = process.env): string {
  const decision = checkExecutionGate(env);
  if (!decision.allowed) throw new ExecutionRefusedError(decision.failed);
  const { writeKey } = readOperatorInputs(env);
  if (writeKey === undefined) throw new ExecutionRefusedError([`${WRITE_KEY} is not set.`]);
  return writeKey.trim();
}
