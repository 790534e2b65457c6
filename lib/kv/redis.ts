/**
 * Redis driver over node-redis (REDIS_URL).
 *
 * - Connects lazily on the first operation; values are JSON strings; TTLs use `PX` (ms) so
 *   fractional seconds behave exactly as in the other drivers.
 * - Never crashes the process when Redis is down: an 'error' listener is always attached, the
 *   offline queue is disabled (commands fail fast while disconnected → `unavailable`) and the
 *   reconnect strategy is bounded (capped backoff, limited attempts). When the client gives
 *   up, the next operation starts a fresh one, so the store recovers without a restart.
 * - A stalled server (e.g. SIGSTOP) hits the per-operation budget → `timeout`; a few timeouts
 *   in a row replace the connection (bounded backlog, recovery from half-open sockets).
 */
import { createClient, ErrorReply } from "redis";

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
import { KvError, type KvErrorKind, type KvStore } from "./types";

const DRIVER = "redis";
/** INCR, and PEXPIRE only when this call created the counter (a fixed window). */
export const INCR_WITH_TTL_SCRIPT =
  "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";
/** Stands for the key in a script's errors: its keys travel inside the command. */
const SCRIPT_OP_KEY = "script";
/** TCP connect timeout; the operation budget still applies on top of it. */
const CONNECT_TIMEOUT_MS = 2_000;
const RECONNECT_BASE_DELAY_MS = 25;
const RECONNECT_MAX_DELAY_MS = 500;
/** After this many failed attempts in a row the client stops; the next operation starts over. */
const RECONNECT_MAX_ATTEMPTS = 20;
/** Timeouts in a row after which the connection is presumed stalled and replaced. */
const TIMEOUTS_BEFORE_RECONNECT = 3;

type RedisClient = ReturnType<typeof createClient>;

export interface RedisKvOptions {
  url: string;
  timeoutMs?: number;
  /** Consecutive failed reconnects before the client gives up (the next operation retries). */
  reconnectMaxAttempts?: number;
}

export class RedisKv implements KvStore {
  readonly driver = DRIVER;
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #reconnectMaxAttempts: number;
  #client: RedisClient | undefined;
  /** Resolves on the current client's first 'ready', rejects on its first error. */
  #firstReady: Promise<unknown> | undefined;
  /** Last connection error since the last 'ready': while set, operations fail fast. */
  #lastError: unknown;
  #consecutiveTimeouts = 0;
  #closed = false;

  constructor(options: RedisKvOptions) {
    this.#url = options.url;
    this.#timeoutMs = options.timeoutMs ?? getConfig().kvTimeoutMs;
    this.#reconnectMaxAttempts = options.reconnectMaxAttempts ?? RECONNECT_MAX_ATTEMPTS;
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const reply = await this.#command("get", key, () => ["GET", key]);
    return reply === null ? undefined : decodeValue<T>(DRIVER, reply);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.#command("set", key, () => [
      "SET",
      key,
      encodeValue(DRIVER, value),
      "PX",
      String(ttlToMs(DRIVER, ttlSeconds)),
    ]);
  }

  async delete(key: string): Promise<void> {
    await this.#command("delete", key, () => ["DEL", key]);
  }

  async setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    const reply = await this.#command("setIfAbsent", key, () => [
      "SET",
      key,
      encodeValue(DRIVER, value),
      "PX",
      String(ttlToMs(DRIVER, ttlSeconds)),
      "NX",
    ]);
    return reply === "OK";
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const reply = await this.#command("incr", key, () => [
      "EVAL",
      INCR_WITH_TTL_SCRIPT,
      "1",
      key,
      String(ttlToMs(DRIVER, ttlSeconds)),
    ]);
    return counterValue(DRIVER, reply);
  }

  /**
   * One raw command (a Lua script's EVALSHA/EVAL for `./script-client`) under the same budget,
   * connection handling and error classification as every other operation.
   */
  async script(command: readonly string[]): Promise<unknown> {
    return this.#command("script", SCRIPT_OP_KEY, () => [...command]);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#dropConnection();
  }

  /** Destroys the current client (its queued commands fail); the next operation reconnects. */
  #dropConnection(): void {
    const client = this.#client;
    this.#client = undefined;
    if (client?.isOpen) {
      try {
        client.destroy();
      } catch {
        // already closed
      }
    }
  }

  /**
   * Runs one command under the budget. Timed-out commands stay queued on the connection, so
   * after a few timeouts in a row (a stalled server or a half-open socket) the connection is
   * dropped: that bounds the backlog and the next operation starts on a fresh socket.
   */
  async #command(op: string, key: string, args: () => string[]): Promise<unknown> {
    try {
      const reply = await this.#attempt(op, key, args);
      this.#consecutiveTimeouts = 0;
      return reply;
    } catch (error) {
      if (error instanceof KvError && error.kind === "timeout") {
        this.#consecutiveTimeouts += 1;
        if (this.#consecutiveTimeouts >= TIMEOUTS_BEFORE_RECONNECT) {
          this.#consecutiveTimeouts = 0;
          this.#dropConnection();
        }
      }
      throw error;
    }
  }

  #attempt(op: string, key: string, args: () => string[]): Promise<unknown> {
    return withBudget(DRIVER, op, this.#timeoutMs, classifyRedisError, async () => {
      if (this.#closed) throw closedError(DRIVER);
      assertKey(DRIVER, key);
      const command = args();
      const client = this.#connection();
      if (!client.isReady) {
        if (this.#lastError !== undefined) {
          throw new KvError("unavailable", DRIVER, "redis is not connected", {
            cause: this.#lastError,
          });
        }
        await this.#firstReady;
      }
      return client.sendCommand(command);
    });
  }

  /** The live client, creating (and starting to connect) one when there is none. */
  #connection(): RedisClient {
    if (this.#client?.isOpen) return this.#client;
    const maxAttempts = this.#reconnectMaxAttempts;
    const client = createClient({
      url: this.#url,
      disableOfflineQueue: true,
      disableClientInfo: true,
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        reconnectStrategy: (retries: number) => reconnectDelay(retries, maxAttempts),
      },
    });
    client.on("error", (error: unknown) => {
      if (this.#client === client) this.#lastError = error;
    });
    client.on("ready", () => {
      if (this.#client === client) this.#lastError = undefined;
    });
    this.#firstReady = new Promise((resolve, reject) => {
      client.once("ready", resolve);
      client.once("error", reject);
    });
    this.#firstReady.catch(() => undefined);
    this.#client = client;
    this.#lastError = undefined;
    client.connect().catch(() => undefined); // failures arrive through the 'error' listener
    return client;
  }
}

/** Capped exponential backoff; an Error ends the attempts (see `#connection`). */
function reconnectDelay(retries: number, maxAttempts: number): number | Error {
  if (retries >= maxAttempts) return new Error("redis reconnect attempts exhausted");
  return Math.min(RECONNECT_BASE_DELAY_MS * 2 ** retries, RECONNECT_MAX_DELAY_MS);
}

const REPLY_KINDS: ReadonlyArray<[RegExp, KvErrorKind]> = [
  [/^WRONGTYPE/, "corrupt"],
  // `incr` on a key that holds something else than a counter.
  [/value is not an integer/, "corrupt"],
  [/^(OOM|READONLY|MISCONF|NOSCRIPT|EXECABORT)/, "rejected"],
  [/^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN)/, "unavailable"],
];

export function classifyRedisError(error: unknown): KvError {
  if (error instanceof KvError) return error;
  if (error instanceof ErrorReply) {
    const kind = REPLY_KINDS.find(([pattern]) => pattern.test(error.message))?.[1] ?? "rejected";
    const word = error.message.split(" ", 1)[0] ?? "ERR";
    return new KvError(kind, DRIVER, `redis replied ${word}`, { cause: error });
  }
  const code = errorCode(error);
  const detail = code ?? (error instanceof Error ? error.constructor.name : "unknown error");
  return new KvError("unavailable", DRIVER, `redis unavailable (${detail})`, { cause: error });
}
