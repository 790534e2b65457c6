/**
 * The executor never reaches the network unless the gate allows — and inside jest it never
 * does (JEST_WORKER_ID). These tests NEVER execute anything: `fetch` is a stub that must stay
 * uncalled, and the polling logic is exercised through a pure state reader.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ACK_PHRASE } from "@/lib/config/operator";
import {
  executeQuery,
  ExecutorError,
  waitForExecution,
  EXECUTOR_ENDPOINTS,
} from "@/lib/operator/executor";
import { ExecutionRefusedError } from "@/lib/operator/gate";

const WRITE_KEY = "dune-WRITE-key-never-used-42";
const GATE_VARS = {
  DUNE_ALLOW_EXECUTION: "true",
  DUNE_EXECUTION_ACK: ACK_PHRASE,
  DUNE_WRITE_API_KEY: WRITE_KEY,
};

const realFetch = global.fetch;
let fetchStub: jest.Mock;

beforeEach(() => {
  fetchStub = jest.fn(() => Promise.reject(new Error("network must not be touched")));
  global.fetch = fetchStub as unknown as typeof fetch;
});

afterEach(() => {
  global.fetch = realFetch;
  for (const key of Object.keys(GATE_VARS)) delete process.env[key];
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("executeQuery refuses before any request when the gate refuses", () => {
  it("with every gate variable set but running under jest (CI/test condition)", async () => {
    Object.assign(process.env, GATE_VARS);
    expect(process.env.JEST_WORKER_ID).toBeDefined();
    const error = await rejection(executeQuery("1234567"));
    expect(error).toBeInstanceOf(ExecutionRefusedError);
    expect(error.message).toMatch(/CI or tests/);
    expect(error.message).not.toContain(WRITE_KEY);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("with no gate variable set: names every failed condition", async () => {
    const error = await rejection(executeQuery("1234567"));
    expect(error).toBeInstanceOf(ExecutionRefusedError);
    for (const name of ["DUNE_ALLOW_EXECUTION", "DUNE_EXECUTION_ACK", "DUNE_WRITE_API_KEY"]) {
      expect(error.message).toContain(name);
    }
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("asks the gate before even validating the query id", async () => {
    const error = await rejection(executeQuery("not-a-number"));
    expect(error).toBeInstanceOf(ExecutionRefusedError);
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe("waitForExecution (pure, bounded polling)", () => {
  const noSleep = jest.fn(() => Promise.resolve());
  beforeEach(() => noSleep.mockClear());

  function reader(states: string[]) {
    const fn = jest.fn(() => Promise.resolve(states.shift() ?? "QUERY_STATE_EXECUTING"));
    return fn;
  }

  it("resolves on completion, sleeping between reads", async () => {
    const read = reader(["QUERY_STATE_PENDING", "QUERY_STATE_EXECUTING", "QUERY_STATE_COMPLETED"]);
    await expect(
      waitForExecution(read, { maxAttempts: 10, intervalMs: 5, sleep: noSleep }),
    ).resolves.toEqual({
      state: "QUERY_STATE_COMPLETED",
      attempts: 3,
    });
    expect(read).toHaveBeenCalledTimes(3);
    expect(noSleep).toHaveBeenCalledTimes(2);
  });

  it.each([
    "QUERY_STATE_FAILED",
    "QUERY_STATE_CANCELLED",
    "QUERY_STATE_EXPIRED",
    "garbage<script>",
  ])("throws on the terminal state %s", async (state) => {
    const error = await rejection(
      waitForExecution(reader([state]), { maxAttempts: 5, intervalMs: 1, sleep: noSleep }),
    );
    expect(error).toBeInstanceOf(ExecutorError);
    expect(error.message).not.toContain("<script>");
  });

  it("gives up after maxAttempts reads and never cancels", async () => {
    const read = reader([]);
    const error = await rejection(
      waitForExecution(read, { maxAttempts: 4, intervalMs: 1, sleep: noSleep }),
    );
    expect(error).toBeInstanceOf(ExecutorError);
    expect(error.message).toMatch(/still running after 4 status reads/);
    expect(read).toHaveBeenCalledTimes(4);
    expect(noSleep).toHaveBeenCalledTimes(3);
  });
});

describe("executor source", () => {
  const source = readFileSync(path.join(__dirname, "../../../lib/operator/executor.ts"), "utf8");

  it("refuses redirects, has a time budget and never logs", () => {
    expect(source).toMatch(/redirect:\s*"error"/);
    expect(source).toMatch(/new CallDeadline\(/);
    expect(source).not.toMatch(/console\./);
  });

  it("asks the gate first thing in executeQuery", () => {
    const body = source.slice(source.indexOf("export async function executeQuery"));
    const open = /\):\s*Promise<ExecutionOutcome>\s*\{/.exec(body);
    expect(open).not.toBeNull();
    const firstStatement = body.slice((open?.index ?? 0) + (open?.[0].length ?? 0)).trim();
    expect(firstStatement.startsWith("const gate = checkExecutionGate(process.env);")).toBe(true);
  });

  it("only knows the execute and status endpoints (no cancel, refresh, create, update, delete)", () => {
    expect(EXECUTOR_ENDPOINTS).toEqual({
      execute: "/query/{query_id}/execute",
      status: "/execution/{execution_id}/status",
    });
    expect(source).not.toMatch(/\/cancel|\/refresh|method:\s*"(PUT|PATCH|DELETE)"/);
  });
});
