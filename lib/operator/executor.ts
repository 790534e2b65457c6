/**
 * THE ONLY module in the repo that can execute a provider (Dune) query — a deliberate, one-off
 * operator action that costs credits (docs/execution-gate.md). Only `scripts/prime-snapshots.ts`
 * may import it; nothing under app/, components/ or lib/ can reach it (checked by
 * `scripts/check-boundaries.ts`, which also proves it never lands in a build bundle).
 *
 *   1. asks the execution gate itself (defence in depth) and throws before any request when
 *      refused — whatever the caller checked before;
 *   2. `POST {DUNE_API_URL}/query/{query_id}/execute` with the WRITE key in `X-Dune-API-Key`;
 *   3. polls `GET {DUNE_API_URL}/execution/{execution_id}/status` a bounded number of times.
 *
 * Results are NOT read here: the caller reads them through the normal read-only path
 * (`readSnapshot` → `GET /query/{id}/results`). Every request has a time budget, refuses
 * redirects and caps the body. Errors carry endpoint templates only — never a URL or the key.
 * Nothing here refreshes, creates, updates, deletes or stops a query.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { CallFailure, decodeJson, readBodyCapped } from "@/lib/providers/body";
import { CallDeadline } from "@/lib/abort";
import { checkExecutionGate, ExecutionRefusedError, writeKeyIfAllowed } from "./gate";

const KEY_HEADER = "X-Dune-API-Key";
export const EXECUTOR_ENDPOINTS = {
  execute: "/query/{query_id}/execute",
  status: "/execution/{execution_id}/status",
} as const;

const QUERY_ID = /^\d{1,12}$/;
const EXECUTION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
export const DEFAULT_POLL_INTERVAL_MS = 5_000;
export const DEFAULT_MAX_POLL_ATTEMPTS = 120;
const MAX_POLL_ATTEMPTS_CAP = 1_000;

const SUCCESS_STATES = new Set(["QUERY_STATE_COMPLETED", "QUERY_STATE_COMPLETED_PARTIAL"]);
const RUNNING_STATES = new Set(["QUERY_STATE_PENDING", "QUERY_STATE_EXECUTING"]);

const executeResponse = z.object({
  execution_id: z.string().regex(EXECUTION_ID),
  state: z.string().min(1),
});
const statusResponse = z.object({
  execution_id: z.string().optional(),
  state: z.string().min(1),
});

/** A failed execution step. The message names an endpoint template, never a URL or key. */
export class ExecutorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExecutorError";
  }
}

export interface ExecuteOptions {
  requestTimeoutMs?: number;
  pollIntervalMs?: number;
  maxPollAttempts?: number;
  signal?: AbortSignal;
  /** Injected for tests of the polling logic only. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ExecutionOutcome {
  queryId: string;
  executionId: string;
  state: string;
  pollAttempts: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Bounded polling, pure: calls `readState` until a terminal state or `maxAttempts` reads.
 * Success states resolve; failure states and exhaustion throw `ExecutorError`.
 */
export async function waitForExecution(
  readState: () => Promise<string>,
  opts: { maxAttempts: number; intervalMs: number; sleep?: (ms: number) => Promise<void> },
): Promise<{ state: string; attempts: number }> {
  const sleep = opts.sleep ?? defaultSleep;
  const maxAttempts = Math.min(Math.max(1, Math.floor(opts.maxAttempts)), MAX_POLL_ATTEMPTS_CAP);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const state = await readState();
    if (SUCCESS_STATES.has(state)) return { state, attempts: attempt };
    if (!RUNNING_STATES.has(state)) {
      throw new ExecutorError(
        `${EXECUTOR_ENDPOINTS.status}: execution ended in state ${safeState(state)}`,
      );
    }
    if (attempt < maxAttempts) await sleep(opts.intervalMs);
  }
  throw new ExecutorError(
    `${EXECUTOR_ENDPOINTS.status}: still running after ${maxAttempts} status reads; ` +
      "the execution was left alone (not cancelled) and its result can be primed later",
  );
}

function safeState(state: string): string {
  return /^[A-Z_]{1,64}$/.test(state) ? state : "(unrecognised)";
}

interface CallContext {
  baseUrl: string;
  writeKey: string;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

async function call<S extends z.ZodType>(
  ctx: CallContext,
  method: "POST" | "GET",
  endpoint: string,
  path: string,
  schema: S,
): Promise<z.output<S>> {
  const deadline = new CallDeadline(ctx.timeoutMs, ctx.signal);
  try {
    const res = await deadline.race(
      fetch(new URL(ctx.baseUrl + path), {
        method,
        redirect: "error",
        cache: "no-store",
        headers: { accept: "application/json", [KEY_HEADER]: ctx.writeKey },
        signal: deadline.signal,
      }),
    );
    if (!res.ok) {
      deadline.discard();
      throw new ExecutorError(`${method} ${endpoint}: HTTP ${res.status}`);
    }
    return decodeJson(await readBodyCapped(res, MAX_BODY_BYTES, deadline), schema);
  } catch (error) {
    if (error instanceof ExecutorError) throw error;
    if (error instanceof CallFailure)
      throw new ExecutorError(`${method} ${endpoint}: ${error.reason}`);
    if (deadline.cause === "timeout") {
      throw new ExecutorError(`${method} ${endpoint}: no response within ${ctx.timeoutMs} ms`);
    }
    if (deadline.cause === "caller") throw new ExecutorError(`${method} ${endpoint}: aborted`);
    throw new ExecutorError(`${method} ${endpoint}: connection failed or redirect refused`);
  }
}

/**
 * Executes one query and waits for it to finish. The gate is asked FIRST — before the id is
 * checked, the configuration is read or anything is fetched — and a refusal throws
 * `ExecutionRefusedError` (from `./gate`).
 */
export async function executeQuery(
  queryId: string,
  opts: ExecuteOptions = {},
): Promise<ExecutionOutcome> {
  const gate = checkExecutionGate(process.env);
  if (!gate.allowed) throw new ExecutionRefusedError(gate.failed);
  const writeKey = writeKeyIfAllowed(process.env);
  if (!QUERY_ID.test(queryId)) throw new ExecutorError("invalid query id (digits only)");

  const ctx: CallContext = {
    baseUrl: getConfig().providers.dune.baseUrl,
    writeKey,
    timeoutMs: opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    signal: opts.signal,
  };
  const started = await call(
    ctx,
    "POST",
    EXECUTOR_ENDPOINTS.execute,
    EXECUTOR_ENDPOINTS.execute.replace("{query_id}", queryId),
    executeResponse,
  );
  const executionId = started.execution_id;
  const statusPath = EXECUTOR_ENDPOINTS.status.replace("{execution_id}", executionId);
  const done = await waitForExecution(
    async () =>
      (await call(ctx, "GET", EXECUTOR_ENDPOINTS.status, statusPath, statusResponse)).state,
    {
      maxAttempts: opts.maxPollAttempts ?? DEFAULT_MAX_POLL_ATTEMPTS,
      intervalMs: opts.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      sleep: opts.sleep,
    },
  );
  return { queryId, executionId, state: done.state, pollAttempts: done.attempts };
}
