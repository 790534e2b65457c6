/**
 * The execution gate (docs/execution-gate.md): only all four conditions together allow execution. Every test
 * passes an explicit env object — inside jest `JEST_WORKER_ID` is set, so `process.env` always
 * refuses (checked below too).
 */
import { ACK_PHRASE, CI_MARKERS } from "@/lib/config/operator";
import {
  checkExecutionGate,
  ExecutionRefusedError,
  writeKeyIfAllowed,
  type GateCondition,
  type GateDecision,
} from "@/lib/operator/gate";

type Env = Record<string, string | undefined>;

const WRITE_KEY = "dune-WRITE-key-s3cr3t-7f1c9a";
const READ_KEY = "dune-read-only-key-0b2e44";
const VALID: Env = {
  DUNE_ALLOW_EXECUTION: "true",
  DUNE_EXECUTION_ACK: ACK_PHRASE,
  DUNE_WRITE_API_KEY: WRITE_KEY,
  DUNE_API_KEY: READ_KEY,
};
const ORDER: GateCondition[] = ["allowFlag", "acknowledgment", "writeKey", "notCi"];

function refusedConditions(decision: GateDecision): GateCondition[] {
  return decision.allowed ? [] : decision.conditions;
}

function expectNoSecrets(decision: GateDecision): void {
  const text = JSON.stringify(decision);
  expect(text).not.toContain(WRITE_KEY);
  expect(text).not.toContain(READ_KEY);
}

describe("checkExecutionGate: all 16 combinations of the four conditions", () => {
  const combos = Array.from({ length: 16 }, (_, mask) => {
    const holds = ORDER.map((_, bit) => (mask & (1 << bit)) !== 0);
    return [holds.map((h) => (h ? "1" : "0")).join(""), holds] as const;
  });

  it.each(combos)("flag/ack/key/notCI = %s", (_label, holds) => {
    const [flag, ack, key, notCi] = holds;
    const env: Env = {
      DUNE_API_KEY: READ_KEY,
      DUNE_ALLOW_EXECUTION: flag ? "true" : undefined,
      DUNE_EXECUTION_ACK: ack ? ACK_PHRASE : "no",
      DUNE_WRITE_API_KEY: key ? WRITE_KEY : undefined,
      ...(notCi ? {} : { CI: "true" }),
    };
    const decision = checkExecutionGate(env);
    const expectedFailed = ORDER.filter((_, i) => !holds[i]);
    expect(decision.allowed).toBe(expectedFailed.length === 0);
    expect(refusedConditions(decision)).toEqual(expectedFailed);
    if (!decision.allowed) expect(decision.failed).toHaveLength(expectedFailed.length);
    expectNoSecrets(decision);
  });
});

describe("condition 1: the allow flag must be exactly `true`", () => {
  it.each([
    ["true", true],
    ["TRUE", false],
    ["True", false],
    ["1", false],
    ["yes", false],
    ["on", false],
    [" true", false],
    ["true ", false],
    ["true\n", false],
    ["false", false],
    ["0", false],
    ["   ", false],
    ["", false],
  ])("DUNE_ALLOW_EXECUTION=%j → allowed %s", (value, allowed) => {
    const decision = checkExecutionGate({ ...VALID, DUNE_ALLOW_EXECUTION: value });
    expect(decision.allowed).toBe(allowed);
    if (!allowed) expect(refusedConditions(decision)).toEqual(["allowFlag"]);
  });

  it("accepts the legacy alias ALLOW_DUNE_EXECUTION alone", () => {
    const env = { ...VALID, DUNE_ALLOW_EXECUTION: undefined, ALLOW_DUNE_EXECUTION: "true" };
    expect(checkExecutionGate(env)).toEqual({ allowed: true });
  });

  it("treats an empty primary as unset, so the legacy alias counts", () => {
    const env = { ...VALID, DUNE_ALLOW_EXECUTION: "", ALLOW_DUNE_EXECUTION: "true" };
    expect(checkExecutionGate(env)).toEqual({ allowed: true });
  });

  it.each(["false", "TRUE", " ", "0"])(
    "ignores the legacy alias while the primary is set (primary %j)",
    (primary) => {
      const env = { ...VALID, DUNE_ALLOW_EXECUTION: primary, ALLOW_DUNE_EXECUTION: "true" };
      const decision = checkExecutionGate(env);
      expect(refusedConditions(decision)).toEqual(["allowFlag"]);
      if (!decision.allowed)
        expect(decision.failed[0]).toMatch(/legacy alias ALLOW_DUNE_EXECUTION is ignored/);
    },
  );

  it.each(["TRUE", "1", "yes", " true"])("refuses the legacy alias spelled %j", (legacy) => {
    const env = { ...VALID, DUNE_ALLOW_EXECUTION: undefined, ALLOW_DUNE_EXECUTION: legacy };
    const decision = checkExecutionGate(env);
    expect(refusedConditions(decision)).toEqual(["allowFlag"]);
    if (!decision.allowed) expect(decision.failed[0]).toContain("ALLOW_DUNE_EXECUTION");
  });

  it("names the variable when neither flag is set", () => {
    const decision = checkExecutionGate({ ...VALID, DUNE_ALLOW_EXECUTION: undefined });
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.failed[0]).toMatch(/DUNE_ALLOW_EXECUTION is not set/);
  });
});

describe("condition 2: the acknowledgment must match exactly", () => {
  it.each([
    [ACK_PHRASE, true],
    [ACK_PHRASE.toLowerCase(), false],
    ["I_Understand_This_Costs_Credits", false],
    [`${ACK_PHRASE} `, false],
    [` ${ACK_PHRASE}`, false],
    ["I_UNDERSTAND", false],
    ["yes", false],
    ["", false],
    [undefined, false],
  ])("DUNE_EXECUTION_ACK=%j → allowed %s", (value, allowed) => {
    const decision = checkExecutionGate({ ...VALID, DUNE_EXECUTION_ACK: value });
    expect(decision.allowed).toBe(allowed);
    if (!allowed) expect(refusedConditions(decision)).toEqual(["acknowledgment"]);
  });
});

describe("condition 3: a write key that is not the read key", () => {
  it.each([
    ["unset", { DUNE_WRITE_API_KEY: undefined }],
    ["empty", { DUNE_WRITE_API_KEY: "" }],
    ["whitespace only", { DUNE_WRITE_API_KEY: "   " }],
    ["equal to the read key", { DUNE_WRITE_API_KEY: READ_KEY }],
    ["equal to the read key but padded", { DUNE_WRITE_API_KEY: ` ${READ_KEY} ` }],
  ])("refuses a write key that is %s", (_label, override) => {
    const decision = checkExecutionGate({ ...VALID, ...override });
    expect(refusedConditions(decision)).toEqual(["writeKey"]);
    expectNoSecrets(decision);
  });

  it("says a read key never authorizes execution", () => {
    const decision = checkExecutionGate({ ...VALID, DUNE_WRITE_API_KEY: READ_KEY });
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.failed[0]).toMatch(/same as the read-only DUNE_API_KEY/);
  });

  it("allows a distinct write key when no read key is configured", () => {
    expect(checkExecutionGate({ ...VALID, DUNE_API_KEY: undefined })).toEqual({ allowed: true });
  });
});

describe("condition 4: never in CI or tests", () => {
  it.each(CI_MARKERS.map((name) => [name]))("refuses when %s is set", (name) => {
    const decision = checkExecutionGate({ ...VALID, [name]: "1" });
    expect(refusedConditions(decision)).toEqual(["notCi"]);
    if (!decision.allowed) expect(decision.failed[0]).toContain(name);
  });

  it.each(["true", "1", "yes", "TRUE", "woodpecker"])("refuses CI=%j", (value) => {
    expect(refusedConditions(checkExecutionGate({ ...VALID, CI: value }))).toEqual(["notCi"]);
  });

  it.each(["false", "0", "FALSE", ""])("does not treat CI=%j as CI", (value) => {
    expect(checkExecutionGate({ ...VALID, CI: value })).toEqual({ allowed: true });
  });

  it.each([
    ["test", false],
    ["production", true],
    ["development", true],
  ])("NODE_ENV=%j → allowed %s", (value, allowed) => {
    expect(checkExecutionGate({ ...VALID, NODE_ENV: value }).allowed).toBe(allowed);
  });

  it("lists every CI marker that is set, by name only", () => {
    const decision = checkExecutionGate({
      ...VALID,
      CI: "true",
      GITHUB_ACTIONS: "true",
      NODE_ENV: "test",
    });
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.failed[0]).toMatch(/CI, NODE_ENV, GITHUB_ACTIONS/);
  });

  it("refuses with the real process.env inside jest (JEST_WORKER_ID is set)", () => {
    expect(process.env.JEST_WORKER_ID).toBeDefined();
    const saved = { ...process.env };
    Object.assign(process.env, VALID);
    try {
      expect(refusedConditions(checkExecutionGate())).toContain("notCi");
    } finally {
      for (const key of Object.keys(VALID)) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });
});

describe("messages never carry a value", () => {
  it("keeps keys, flags and acknowledgment values out of every refusal", () => {
    const env: Env = {
      DUNE_ALLOW_EXECUTION: "enable-it-please",
      DUNE_EXECUTION_ACK: "ack-value-xyz",
      DUNE_WRITE_API_KEY: WRITE_KEY,
      DUNE_API_KEY: WRITE_KEY,
      CI: "ci-value-abc",
    };
    const decision = checkExecutionGate(env);
    expect(refusedConditions(decision)).toEqual(ORDER);
    const text = JSON.stringify(decision);
    for (const value of Object.values(env)) expect(text).not.toContain(value);
  });

  it("writeKeyIfAllowed throws a value-free ExecutionRefusedError when refused", () => {
    let caught: unknown;
    try {
      writeKeyIfAllowed({ ...VALID, CI: "1" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ExecutionRefusedError);
    expect(String((caught as Error).message)).not.toContain(WRITE_KEY);
    expect((caught as Error).message).toMatch(/CI or tests/);
  });

  it("writeKeyIfAllowed hands out the key only when all four hold", () => {
    expect(writeKeyIfAllowed(VALID)).toBe(WRITE_KEY);
  });
});
