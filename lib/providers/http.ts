/**
 * The one HTTP base every provider client uses (docs/route-contract.md "Upstream calls"): GET only, `redirect: "error"`,
 * a time budget covering connect + headers + body, a streamed response-size cap and a zod
 * schema on the body. Every call is recorded in telemetry under its endpoint *template*.
 *
 * Error messages carry the provider, the endpoint template and a short reason — never the URL,
 * query string, headers or key. Keys are only ever sent as headers.
 */
import type { z } from "zod";
import { getConfig } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { telemetry, type CallOutcome, type ProviderName } from "@/lib/telemetry";
import { CallFailure, decodeJson, readBodyCapped } from "./body";
import { CallDeadline } from "@/lib/abort";
import { ProviderError } from "./errors";
import { ProviderInputError } from "./segments";

export interface ProviderGetOptions<S extends z.ZodType> {
  provider: ProviderName;
  /** Endpoint template for telemetry and errors, e.g. `/coins/{id}/tickers`. */
  endpoint: string;
  baseUrl: string;
  /** Concrete path built only from validated/encoded segments (see `segments.ts`). */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  schema: S;
  timeoutMs?: number;
  maxBodyBytes?: number;
  signal?: AbortSignal;
  /**
   * Non-2xx statuses whose body is an answer, decoded with `schema` like a 200 (KyberSwap's
   * "route not found" is HTTP 400 with code 4008: not fillable, not a failure).
   */
  answerStatuses?: readonly number[];
}

/** Per-call overrides every client function accepts. */
export interface ProviderCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

const UNSAFE_PATH = /[?#\s\\]|%2e|\/\.\.?(\/|$)|\/\//i;
const ERROR_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,40}$/;
const REDIRECT_CAUSE = "unexpected redirect";

function buildUrl(opts: ProviderGetOptions<z.ZodType>): URL {
  if (!opts.path.startsWith("/") || UNSAFE_PATH.test(opts.path)) {
    throw new ProviderInputError(opts.provider, opts.endpoint, "path");
  }
  let url: URL;
  try {
    url = new URL(opts.baseUrl + opts.path);
  } catch {
    // `new URL` errors carry the input: never let them escape.
    throw new ProviderInputError(opts.provider, opts.endpoint, "base URL");
  }
  for (const [key, value] of Object.entries(opts.query ?? {})) url.searchParams.set(key, value);
  return url;
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date (never negative). */
export function parseRetryAfter(raw: string | null, nowMs = Date.now()): number | undefined {
  if (raw === null) return undefined;
  const value = raw.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / MS_PER_SECOND));
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * A short, URL-free reason for a failed fetch (`TypeError: fetch failed` + cause). Read by
 * duck typing: the error may come from another realm. Only the cause's error *code* is kept —
 * cause messages can name the host.
 */
function networkReason(error: unknown): string {
  const cause = field(error, "cause");
  if (field(cause, "message") === REDIRECT_CAUSE) return "redirect refused";
  const code = field(cause, "code");
  if (typeof code === "string" && ERROR_CODE_PATTERN.test(code))
    return `connection failed (${code})`;
  return "connection failed";
}

function classify(error: unknown, deadline: CallDeadline, timeoutMs: number): CallFailure {
  if (error instanceof CallFailure) return error;
  if (deadline.cause === "timeout")
    return new CallFailure("timeout", `no complete response within ${timeoutMs} ms`);
  if (deadline.cause === "caller") return new CallFailure("timeout", "aborted by caller");
  return new CallFailure("network", networkReason(error));
}

export async function providerGet<S extends z.ZodType>(
  opts: ProviderGetOptions<S>,
): Promise<z.output<S>> {
  const config = getConfig().providers;
  const timeoutMs = opts.timeoutMs ?? config.timeoutMs;
  const maxBodyBytes = opts.maxBodyBytes ?? config.maxBodyBytes;
  const url = buildUrl(opts);

  const started = performance.now();
  const deadline = new CallDeadline(timeoutMs, opts.signal);
  let status: number | undefined;
  let retryAfterSeconds: number | undefined;
  const record = (outcome: CallOutcome) =>
    telemetry.recordProviderCall({
      provider: opts.provider,
      endpoint: opts.endpoint,
      outcome,
      durationMs: Math.round(performance.now() - started),
      ...(status === undefined ? {} : { status }),
    });

  try {
    const res = await deadline.race(
      fetch(url, {
        method: "GET",
        redirect: "error",
        // No `cache` option: the read layer caches, and an explicit "no-store" would turn every
        // page that reads through it into a per-request render (Next treats it as dynamic).
        headers: { accept: "application/json", ...opts.headers },
        signal: deadline.signal,
      }),
    );
    status = res.status;
    if (!res.ok && !(opts.answerStatuses ?? []).includes(res.status)) {
      retryAfterSeconds = parseRetryAfter(res.headers.get("retry-after"));
      deadline.discard();
      throw new CallFailure("http", `HTTP ${res.status}`);
    }
    const value = decodeJson(await readBodyCapped(res, maxBodyBytes, deadline), opts.schema);
    record("ok");
    return value;
  } catch (error) {
    const failure = classify(error, deadline, timeoutMs);
    record(failure.kind);
    throw new ProviderError(
      failure.kind,
      opts.provider,
      opts.endpoint,
      failure.reason,
      status,
      failure.kind === "http" ? retryAfterSeconds : undefined,
    );
  }
}
