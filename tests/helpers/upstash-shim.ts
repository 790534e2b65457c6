/**
 * A loopback stand-in for the Upstash REST API (what @vercel/kv talks to), forwarding every
 * command to a real redis-server through node-redis `sendCommand`.
 *
 * Protocol subset, as @upstash/redis 1.x uses it (see node_modules/@upstash/redis/nodejs.js):
 * - `POST /` with a JSON array body, e.g. ["set","k","v","px",60000] → 200 {"result": ...};
 *   a Redis error reply → 400 {"error": "WRONGTYPE ..."}.
 * - `POST /pipeline` with an array of commands → 200 [{"result": ...} | {"error": ...}, ...].
 * - `Authorization: Bearer <token>` checked → 401 {"error": "Unauthorized"}.
 * - `Upstash-Encoding: base64` (sent by default): string results are base64-encoded, except the
 *   status reply "OK" (the client leaves "OK" alone and base64-decodes every other string).
 * - Lua scripts with Upstash's `#!lua flags=allow-key-locking` shebang (@upstash/ratelimit's) run
 *   as Upstash runs them; redis-server refuses that flag, so the shim rewrites EVAL/EVALSHA the
 *   way the Redis driver's script client does (`PortableScripts`, lib/kv/script-client.ts).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import { createClient, ErrorReply } from "redis";

import { PortableScripts } from "@/lib/kv/script-client";

const LOOPBACK = "127.0.0.1";
const MAX_BODY_BYTES = 1024 * 1024;
const REDIS_RECONNECT_DELAY_MS = 50;
const DEFAULT_TOKEN = "shim-test-token";

export interface StartUpstashShimOptions {
  redisUrl: string;
  token?: string;
}

export interface UpstashShim {
  readonly url: string;
  readonly token: string;
  readonly port: number;
  /** Number of HTTP requests received (a retry storm would show up here). */
  readonly requests: number;
  /** Delay every response by this many ms (simulates a slow endpoint). */
  setDelay(ms: number): void;
  /**
   * Answer every request with this raw status/body instead (e.g. a proxy's HTML 502), or
   * "reset" to drop the connection without a response (a network error for the client).
   */
  setOverride(response: ShimOverride | undefined): void;
  /** Closes the HTTP server, its connections and the redis connection. Safe to call twice. */
  stop(): Promise<void>;
}

export type ShimOverride = { status: number; body: string } | "reset";

type Reply = { result: unknown } | { error: string };

export async function startUpstashShim(options: StartUpstashShimOptions): Promise<UpstashShim> {
  const token = options.token ?? DEFAULT_TOKEN;
  const redis = createClient({
    url: options.redisUrl,
    disableOfflineQueue: true,
    disableClientInfo: true,
    socket: { reconnectStrategy: () => REDIS_RECONNECT_DELAY_MS },
  });
  redis.on("error", () => undefined); // reported per command instead
  await redis.connect();

  let delayMs = 0;
  let override: ShimOverride | undefined;
  let requests = 0;
  let stopped = false;
  const scripts = new PortableScripts();

  const run = async (command: unknown, base64: boolean): Promise<Reply> => {
    if (!Array.isArray(command) || command.length === 0) return { error: "ERR invalid command" };
    try {
      const parts = command.map((part) => String(part));
      const result = await redis.sendCommand(scripts.translate(parts));
      return { result: encode(result, base64) };
    } catch (error) {
      if (error instanceof ErrorReply) return { error: error.message };
      return { error: "SHIM backend redis unavailable" };
    }
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests += 1;
    const body = await readBody(req);
    // unref: a delayed answer to an aborted request must not keep the test process alive
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    if (stopped) return;
    if (override === "reset") return void req.socket.destroy();
    if (override) return send(res, override.status, override.body);
    if (req.headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, JSON.stringify({ error: "Unauthorized" }));
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(res, 400, JSON.stringify({ error: "ERR failed to parse command" }));
    }
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const path = (req.url ?? "/").split("?", 1)[0];
    if (req.method === "POST" && path === "/") {
      const reply = await run(parsed, base64);
      return send(res, "error" in reply ? 400 : 200, JSON.stringify(reply));
    }
    if (req.method === "POST" && path === "/pipeline" && Array.isArray(parsed)) {
      const replies: Reply[] = [];
      for (const command of parsed) replies.push(await run(command, base64));
      return send(res, 200, JSON.stringify(replies));
    }
    return send(res, 404, JSON.stringify({ error: "ERR not found" }));
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, JSON.stringify({ error: "SHIM internal error" })));
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${LOOPBACK}:${port}`,
    token,
    port,
    get requests() {
      return requests;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    setOverride(response) {
      override = response;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      if (redis.isOpen) redis.destroy();
    },
  };
}

function encode(value: unknown, base64: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => encode(item, base64));
  if (typeof value === "string" && base64 && value !== "OK")
    return Buffer.from(value, "utf8").toString("base64");
  return value ?? null;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", reject);
  });
}

function send(res: http.ServerResponse, status: number, body: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body);
}
