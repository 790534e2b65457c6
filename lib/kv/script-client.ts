/**
 * An @upstash/redis client over the shared store, for a library that runs Lua scripts in it
 * (@upstash/ratelimit: EVALSHA, then EVAL when the script is not loaded yet).
 *
 * - Vercel KV: the driver's own client (one quick retry, the per-request budget).
 * - Redis: an @upstash/redis `Requester` over the driver's node-redis connection, so a script
 *   gets the same budget, fail-fast-while-disconnected and error classification as a `get`
 *   (a `NOSCRIPT` reply surfaces as "redis replied NOSCRIPT", which the library recognises).
 *   @upstash/ratelimit 2.2 starts its scripts with `#!lua flags=allow-key-locking`, a flag only
 *   Upstash knows: redis-server 7 refuses such a script ("Unexpected flag in script shebang"),
 *   and older servers refuse any shebang. `PortableScripts` drops that line (on Redis a script
 *   is atomic whatever its flags) and maps the library's fixed SHA1s onto the changed scripts'.
 * - The embedded file store and the memory store run no scripts: `undefined`, and the caller
 *   uses an in-process equivalent.
 */
import { createHash } from "node:crypto";
import { Redis, type Requester, type UpstashRequest, type UpstashResponse } from "@upstash/redis";

import { RedisKv } from "./redis";
import type { KvStore } from "./types";
import { VercelKv } from "./vercel-kv";

/** One command as the client hands it over: a flat array of strings and numbers. */
function commandOf(req: UpstashRequest): string[] {
  if (!Array.isArray(req.body) || req.body.length === 0 || req.path?.length) {
    throw new Error("script client: only single commands are supported");
  }
  return req.body.map((part: unknown) => String(part));
}

/** A script's first line when it is a Redis 7 shebang (`#!lua flags=…`). */
const SHEBANG = /^#![^\n]*/;
/** Distinct scripts remembered; a library has a handful, so this only bounds a misuse. */
const MAX_SCRIPTS = 64;

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** EVAL / EVALSHA commands rewritten to run on any redis-server (see the module comment). */
export class PortableScripts {
  /** The library's SHA1 of a script → the SHA1 of the script as it was run. */
  readonly #ran = new Map<string, string>();

  translate(command: readonly string[]): string[] {
    const [name = "", first, ...rest] = command;
    const verb = name.toLowerCase();
    if (verb === "eval" && first !== undefined && SHEBANG.test(first)) {
      const portable = first.replace(SHEBANG, ""); // an empty first line keeps line numbers
      if (this.#ran.size < MAX_SCRIPTS) this.#ran.set(sha1(first), sha1(portable));
      return [name, portable, ...rest];
    }
    if (verb === "evalsha" && first !== undefined) {
      // Unknown: sent as is, Redis answers NOSCRIPT and the library sends EVAL (above).
      return [name, this.#ran.get(first.toLowerCase()) ?? first, ...rest];
    }
    return [...command];
  }
}

/** The node-redis driver seen as an Upstash REST endpoint (single commands only). */
export function redisRequester(kv: RedisKv): Requester {
  const scripts = new PortableScripts();
  return {
    request: async <TResult>(req: UpstashRequest): Promise<UpstashResponse<TResult>> => {
      const result: unknown = await kv.script(scripts.translate(commandOf(req)));
      // The reply's shape is the script's to define; the library reads it as its own scripts return it.
      return { result: result as TResult };
    },
  };
}

const CLIENTS = new WeakMap<KvStore, Redis>();

/** A script-running client over `kv`, or `undefined` for stores that cannot run scripts. */
export function scriptClientOf(kv: KvStore): Redis | undefined {
  const known = CLIENTS.get(kv);
  if (known) return known;
  const client =
    kv instanceof VercelKv
      ? kv.scriptClient()
      : kv instanceof RedisKv
        ? new Redis(redisRequester(kv))
        : undefined;
  if (client) CLIENTS.set(kv, client);
  return client;
}
