/**
 * `npx tsx scripts/q-trace.ts [--q usdc] [--route stablecoin-intel] [--market full] [--verbose]`:
 * follows one request's `q` through the code, file by file, and counts how often it comes back to
 * a file it had already left.
 *
 * Method (dynamic, exact at module boundaries): every function a module under `lib/` or `app/`
 * exports is wrapped as it is required. A call through an export records the file it came from
 * (the nearest project frame of the call's stack, so a callback defined in file A and run by file
 * B counts as A), the exported function's file and, through AsyncLocalStorage, the call it was
 * made in: a call tree, followed across `await`s. Walked depth first (caller's file, export's
 * file, its calls, caller's file again), consecutive files that are the same are one "stay";
 * returns = stays − distinct files. Calls between functions of one file never leave it, so they
 * add no stay; an export called again with the same calls inside, right after itself (a loop, a
 * `map` callback), is walked once. A second count leaves out leaf calls (an export that calls no
 * other file: a config getter, a pure helper), closer to a reader who skims those. Not seen: calls through object members (`W.aggregateStale`), class methods and a
 * module's own internals — a lower bound on the file changes a debugger would show.
 *
 * The traced request is warm and built: the same request once before fills the caches (and a
 * request for another coin after it), then the one-second answer memo is cleared so the traced
 * one is built rather than replayed. A read whose local copy is due for a store re-check by then
 * walks further than one that is not, so a route whose warm-up is slow can vary between runs. Against the in-process fake upstream, file store in a temp
 * dir; no network.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import Module from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  DEMO_DUNE_QUERY_IDS,
  marketFromEnv,
  startFakeUpstream,
} from "../tests/fake-upstream/server";

const ROOT = path.resolve(__dirname, "..");
const TRACED_DIRS = ["lib", "app"].map((d) => path.join(ROOT, d) + path.sep);
const THIS_FILE = __filename;
/** Provider budgets out of the way (the fake upstream has no limit of its own). */
const CALLS_PER_MINUTE = "1000000";
const CALLS_PER_SECOND = "100000";
const WARM_UP_Q = "dai";

const traced = (file: string) =>
  TRACED_DIRS.some((d) => file.startsWith(d)) &&
  !file.includes(`${path.sep}node_modules${path.sep}`);

/** One call through an export: who called (file), which export, and the calls made inside it. */
export interface CallNode {
  caller: string | null;
  file: string;
  name: string;
  children: CallNode[];
}

let recording = false;
const roots: CallNode[] = [];
/** The call whose body is running (followed across `await`s): a new call is its child. */
const current = new AsyncLocalStorage<CallNode>();

/** The file of the nearest project frame below the wrapper: whoever made the call. */
function callerFile(): string | null {
  const stack = new Error().stack ?? "";
  for (const line of stack.split("\n").slice(1)) {
    const m = /\(?((?:\/|[A-Za-z]:\\)[^():]+):\d+:\d+\)?\s*$/.exec(line);
    const file = m?.[1];
    if (!file || file === THIS_FILE) continue;
    if (traced(file)) return file;
  }
  return null;
}

const isClass = (f: unknown) =>
  typeof f === "function" && /^class\b/.test(Function.prototype.toString.call(f));

const wrappers = new WeakMap<(...args: unknown[]) => unknown, unknown>();

function wrap(fn: (...args: unknown[]) => unknown, file: string, name: string): unknown {
  const known = wrappers.get(fn);
  if (known) return known;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    if (!recording) return fn.apply(this, args);
    const node: CallNode = { caller: callerFile(), file, name, children: [] };
    (current.getStore()?.children ?? roots).push(node);
    return current.run(node, () => fn.apply(this, args));
  };
  wrappers.set(fn, wrapped);
  return wrapped;
}

/** Every project module's exports, seen through a proxy that hands out wrapped functions. */
function installTracer(): void {
  const mod = Module as unknown as {
    _load(request: string, parent: unknown, isMain: boolean): unknown;
    _resolveFilename(request: string, parent: unknown, isMain: boolean): string;
  };
  const load = mod._load.bind(mod);
  const proxies = new Map<string, unknown>();
  mod._load = (request, parent, isMain) => {
    const exports = load(request, parent, isMain);
    let file: string;
    try {
      file = mod._resolveFilename(request, parent, isMain);
    } catch {
      return exports;
    }
    if (!traced(file) || typeof exports !== "object" || exports === null) return exports;
    let proxy = proxies.get(file);
    if (!proxy) {
      proxy = new Proxy(exports, {
        get(target, key, receiver) {
          const value: unknown = Reflect.get(target, key, receiver);
          return typeof value === "function" && !isClass(value)
            ? wrap(value as (...args: unknown[]) => unknown, file, String(key))
            : value;
        },
      });
      proxies.set(file, proxy);
    }
    return proxy;
  };
}

export interface Trace {
  stays: string[];
  files: number;
  returns: number;
}

const signature = (n: CallNode): string =>
  `${n.caller ?? ""}>${n.file}#${n.name}(${n.children.map(signature).join(",")})`;

/**
 * The files in depth-first order of the call tree (the caller's file, the export's file, its
 * calls, the export's file, the caller's file again): the trace a reader following the request would walk,
 * whatever order concurrent reads settled in. A call repeated with the same calls inside, right
 * after itself (a loop, a `map` callback), is walked once.
 */
function walk(nodes: readonly CallNode[], out: string[]): string[] {
  nodes.forEach((n, i) => {
    if (i > 0 && signature(nodes[i - 1]!) === signature(n)) return;
    if (n.caller !== null) out.push(n.caller);
    out.push(n.file);
    walk(n.children, out);
    // Back in the export's own code (a callback it ran may have been another file's) until it returns.
    if (n.children.length > 0) out.push(n.file);
    if (n.caller !== null) out.push(n.caller);
  });
  return out;
}

/** The tree without leaf calls (an export that calls no other file: a getter, a pure helper). */
const withoutLeaves = (nodes: readonly CallNode[]): CallNode[] =>
  nodes
    .filter((n) => n.children.length > 0)
    .map((n) => ({ ...n, children: withoutLeaves(n.children) }));

export function summarize(calls: readonly CallNode[], leaves = true): Trace {
  const files = walk(leaves ? calls : withoutLeaves(calls), []).map((f) => path.relative(ROOT, f));
  const stays = files.filter((f, i) => i === 0 || files[i - 1] !== f);
  const distinct = new Set(stays).size;
  return { stays, files: distinct, returns: stays.length - distinct };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      q: { type: "string", default: "usdc" },
      route: { type: "string", default: "stablecoin-intel" },
      market: { type: "string", default: "full" },
      verbose: { type: "boolean", default: false },
    },
  });
  const market = marketFromEnv(values.market);
  if (!market) throw new Error(`--market must be "fixture" or "full", got ${values.market}`);
  const fake = await startFakeUpstream({ port: 0, market });
  const kvDir = mkdtempSync(path.join(os.tmpdir(), "q-trace-kv-"));
  Object.assign(process.env, fake.baseUrls, DEMO_DUNE_QUERY_IDS, {
    DUNE_API_KEY: "q-trace-read-key",
    KV_DIR: kvDir,
    NEXT_TELEMETRY_DISABLED: "1",
    COINGECKO_CALLS_PER_MINUTE: CALLS_PER_MINUTE,
    DEXSCREENER_CALLS_PER_MINUTE: CALLS_PER_MINUTE,
    DEX_QUOTES_CALLS_PER_SECOND: CALLS_PER_SECOND,
    PUBLIC_RATE_LIMIT_PER_MINUTE: "0",
  });
  for (const k of ["REDIS_URL", "KV_REST_API_URL", "KV_REST_API_TOKEN", "REFRESH_INTERVAL_SECONDS"])
    delete process.env[k];
  installTracer();
  try {
    const route = (await import(path.join(ROOT, "app", "api", values.route, "route.ts"))) as {
      GET: (request: Request) => Promise<Response>;
    };
    const ask = async (q: string) => {
      const url = `http://localhost/api/${values.route}?q=${encodeURIComponent(q)}`;
      const res = await route.GET(new Request(url));
      await res.arrayBuffer();
      return res.status;
    };
    await ask(values.q);
    await ask(WARM_UP_Q);
    const memo = (await import(path.join(ROOT, "lib", "api", "response-memo.ts"))) as {
      clearResponseMemo: () => void;
    };
    memo.clearResponseMemo();
    recording = true;
    const status = await ask(values.q);
    recording = false;
    const all = summarize(roots);
    if (values.verbose) all.stays.forEach((f, i) => console.log(String(i + 1).padStart(4), f));
    for (const [what, t] of [
      ["every call", all],
      ["without leaf calls", summarize(roots, false)],
    ] as const)
      console.log(
        `${values.route}?q=${values.q} (HTTP ${status}, warm), ${what}: ${t.stays.length} stays ` +
          `in ${t.files} files, ${t.returns} returns to a file already left`,
      );
  } finally {
    await fake.close();
    rmSync(kvDir, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error("q-trace:", e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
