/**
 * Operator-only configuration: the four inputs of the provider-query execution gate (docs/execution-gate.md). Imported ONLY by `lib/operator/gate.ts` — never by
 * `lib/config/index.ts`, a route, a component or anything else in `lib/` (enforced by
 * `.dependency-cruiser.cjs` through `scripts/check-boundaries.ts`).
 *
 * Values are read raw (no trimming, no case folding): the gate compares them exactly. An empty
 * string counts as unset (as everywhere in lib/config); anything else — including whitespace only — counts as set.
 * Nothing here ever returns a value inside a message.
 */
import { z } from "zod";

export const ALLOW_FLAG = "DUNE_ALLOW_EXECUTION";
export const ALLOW_FLAG_LEGACY = "ALLOW_DUNE_EXECUTION";
export const EXECUTION_ACK = "DUNE_EXECUTION_ACK";
export const WRITE_KEY = "DUNE_WRITE_API_KEY";
/** The read-only key of the request path: compared with the write key, never used to execute. */
export const READ_KEY = "DUNE_API_KEY";
export const ACK_PHRASE = "I_UNDERSTAND_THIS_COSTS_CREDITS";

/** `CI`: set to anything non-empty other than `false` / `0` (any case) means CI. */
export const CI_FLAG = "CI";
/**
 * CI services, hosted builds and test runners. Any non-empty value refuses execution (no
 * `false`/`0` escape hatch: only `CI` itself has one). `NODE_ENV` is handled separately
 * (refuses only when it is `test`).
 */
export const CI_MARKERS = [
  "CONTINUOUS_INTEGRATION",
  "GITHUB_ACTIONS",
  "GITLAB_CI",
  "BUILDKITE",
  "TF_BUILD",
  "CIRCLECI",
  "TRAVIS",
  "JENKINS_URL",
  "TEAMCITY_VERSION",
  "BITBUCKET_BUILD_NUMBER",
  "CODEBUILD_BUILD_ID",
  "DRONE",
  "APPVEYOR",
  "SEMAPHORE",
  "BUDDY",
  "NETLIFY",
  "VERCEL",
  "CF_PAGES",
  "JEST_WORKER_ID",
  "VITEST",
  "VITEST_WORKER_ID",
  "TEST_WORKER_INDEX",
  "NODE_TEST_CONTEXT",
] as const;

/** Empty string = unset; every other string is kept byte for byte. */
const raw = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

const operatorEnvSchema = z.object({
  [ALLOW_FLAG]: raw,
  [ALLOW_FLAG_LEGACY]: raw,
  [EXECUTION_ACK]: raw,
  [WRITE_KEY]: raw,
  [READ_KEY]: raw,
  [CI_FLAG]: raw,
  NODE_ENV: raw,
  ...Object.fromEntries(CI_MARKERS.map((name) => [name, raw])),
});

export interface OperatorInputs {
  /** Which variable carries the allow flag: the primary wins whenever it is set. */
  allowFlag:
    | { source: "primary"; value: string; legacyAlsoSet: boolean }
    | { source: "legacy"; value: string }
    | { source: "unset" };
  ack: string | undefined;
  writeKey: string | undefined;
  readKey: string | undefined;
  /** Names (never values) of the variables that say "CI or tests". Empty = not CI. */
  ciMarkers: string[];
}

function isCiFlagOn(value: string | undefined): boolean {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase();
  return v !== "" && v !== "false" && v !== "0";
}

/** Reads and validates the gate inputs. Never throws on a value: the gate judges them. */
export function readOperatorInputs(env: Record<string, string | undefined>): OperatorInputs {
  const parsed = operatorEnvSchema.safeParse(env);
  // Every field is an optional string; a non-string (impossible for process.env) reads as unset.
  const e: Record<string, string | undefined> = parsed.success ? parsed.data : {};

  const primary = e[ALLOW_FLAG];
  const legacy = e[ALLOW_FLAG_LEGACY];
  const allowFlag: OperatorInputs["allowFlag"] =
    primary !== undefined
      ? { source: "primary", value: primary, legacyAlsoSet: legacy !== undefined }
      : legacy !== undefined
        ? { source: "legacy", value: legacy }
        : { source: "unset" };

  const ciMarkers: string[] = [];
  if (isCiFlagOn(e[CI_FLAG])) ciMarkers.push(CI_FLAG);
  if (e.NODE_ENV?.trim().toLowerCase() === "test") ciMarkers.push("NODE_ENV");
  for (const name of CI_MARKERS) if (e[name] !== undefined) ciMarkers.push(name);

  return {
    allowFlag,
    ack: e[EXECUTION_ACK],
    writeKey: e[WRITE_KEY],
    readKey: e[READ_KEY],
    ciMarkers,
  };
}
