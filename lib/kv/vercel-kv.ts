/**
 * Vercel KV driver (@vercel/kv → @upstash/redis over HTTPS, KV_REST_API_URL + token).
 *
 * @upstash/redis defaults that we override, and why:
 * - `retry`: defaults to 5 retries with exp backoff (≈4 s against a dead endpoint). We allow
 *   one quick retry (a stale keep-alive socket), and the whole request shares one abort signal.
 * - `signal`: given as a *function*, the client throws on abort. Given as a plain AbortSignal,
 *   an aborted request resolves with the string "Aborted" as the command result instead.
 * - `automaticDeserialization`: by default a non-JSON value comes back silently as a raw
 *   string (and "123" comes back as a number). We store JSON ourselves and parse strictly.
 * - `enableAutoPipelining` (on in @vercel/kv's createClient) is turned off so each operation
 *   is its own request with its own budget and error.
 * - `cache` is left as @vercel/kv sets it ("default", what the Next.js team recommends): an
 *   explicit "no-store" would make every cached page that reads through the store throw
 *   "changed from static to dynamic at runtime" when it regenerates.
 */
import { createClient } from "@vercel/kv";

import { getConfig } from "@/lib/config";

import {
  assertKey,
  closedError,
  counterValue,
  decodeValue,
  encodeValue,
  errorCode,
  ttlToMs,
  withBudget,
} from "./shared";
import { INCR_WITH_TTL_SCRIPT } from "./redis";
import { KvError, type KvErrorKind, type KvStore } from "./types";

const DRIVER = "vercel-kv";
const HTTP_RETRIES = 1;
const HTTP_RETRY_BACKOFF_MS = 10;

type UpstashClient = ReturnType<typeof createClient>;

export interface VercelKvOptions {
  url: string;
  token: string;
  timeoutMs?: number;
}

export class VercelKv implements KvStore {
  readonly driver = DRIVER;
  readonly #client: UpstashClient;
  readonly #timeoutMs: number;
  #closed = false;

  constructor(options: VercelKvOptions) {
    const timeoutMs = options.timeoutMs ?? getConfig().kvTimeoutMs;
    this.#timeoutMs = timeoutMs;
    this.#client = createClient({
      url: options.url,
      token: options.token,
      retry: { retries: HTTP_RETRIES, backoff: () => HTTP_RETRY_BACKOFF_MS },
      signal: () => AbortSignal.timeout(timeoutMs),
      automaticDeserialization: false,
      enableAutoPipelining: false,
      enableTelemetry: false,
      latencyLogging: false,
    });
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const reply = await this.#run("get", key, (c) => c.get<unknown>(key));
    return reply === null || reply === undefined ? undefined : decodeValue<T>(DRIVER, reply);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.#run("set", key, (c) =>
      c.set(key, encodeValue(DRIVER, value), { px: ttlToMs(DRIVER, ttlSeconds) }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.#run("delete", key, (c) => c.del(key));
  }

  async setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    const reply = await this.#run("setIfAbsent", key, (c) =>
      c.set(key, encodeValue(DRIVER, value), { px: ttlToMs(DRIVER, ttlSeconds), nx: true }),
    );
    return reply === "OK";
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const reply = await this.#run("incr", key, (c) =>
      c.eval(INCR_WITH_TTL_SCRIPT, [key], [String(ttlToMs(DRIVER, ttlSeconds))]),
    );
    return counterValue(DRIVER, reply);
  }

  /**
   * The @upstash/redis client itself, for Lua scripts (`./script-client`): the same retry and
   * per-request budget as every other operation.
   */
  scriptClient(): UpstashClient {
    return this.#client;
  }

  /** HTTP only: nothing is held open, but later operations are refused. */
  async close(): Promise<void> {
    this.#closed = true;
  }

  #run<T>(op: string, key: string, call: (client: UpstashClient) => Promise<T>): Promise<T> {
    return withBudget(DRIVER, op, this.#timeoutMs, classifyUpstashError, async () => {
      if (this.#closed) throw closedError(DRIVER);
      assertKey(DRIVER, key);
      return call(this.#client);
    });
  }
}

const REPLY_KINDS: ReadonlyArray<[RegExp, KvErrorKind]> = [
  [/^WRONGTYPE/, "corrupt"],
  // `incr` on a key that holds something else than a counter.
  [/value is not an integer/, "corrupt"],
  [/^(OOM|READONLY|MISCONF|ERR|EXECABORT)/, "rejected"],
];

export function classifyUpstashError(error: unknown): KvError {
  if (error instanceof KvError) return error;
  // Duck-typed: DOMException and fetch errors may come from another realm (undici, jest vm).
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === "TimeoutError" || name === "AbortError") {
    return new KvError("timeout", DRIVER, "vercel-kv request aborted at its budget", {
      cause: error,
    });
  }
  if (name === "UpstashError" && typeof message === "string") {
    // The message ends with ", command was: [...]", which includes the value: keep it out.
    const reply = message.split(", command was:", 1)[0] ?? "";
    const kind = REPLY_KINDS.find(([pattern]) => pattern.test(reply))?.[1] ?? "unavailable";
    const word = reply.split(" ", 1)[0] ?? "error";
    return new KvError(kind, DRIVER, `vercel-kv replied ${word}`, { cause: error });
  }
  const detail = errorCode(error) ?? (typeof name === "string" && name ? name : "unknown error");
  return new KvError("unavailable", DRIVER, `vercel-kv unavailable (${detail})`, { cause: error });
}
