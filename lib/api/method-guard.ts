/**
 * Methods no route handler can answer, answered before Next sees them (installed once at server
 * boot by instrumentation.ts) with the routes' own 405 JSON (`Allow`, the flag) and, over https,
 * HSTS:
 *
 * - on /api and the feeds, any method a route handler cannot export (PROPFIND, MKCOL, PURGE, …):
 *   Next answered them with an empty 400;
 * - anywhere, TRACE and TRACK: Next builds a fetch `Request` for every route and the proxy, and
 *   the fetch standard refuses these two in its constructor, so Next answered a plain-text 500.
 *
 * A check at the HTTP server rather than in a Next proxy (middleware): a proxy on /api cost about
 * 0.5 ms more CPU per request, +45 % on the trivial route (docs/route-contract.md), and could not
 * see TRACE either.
 * Every other request passes through untouched. Node drops CONNECT itself (no listener), and a
 * method its parser does not know gets Node's own 400 before any code runs.
 */
import http from "node:http";
import { methodNotAllowed } from "./errors";

/** The methods a route handler can export (each public route answers all of them). */
export const ROUTE_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "OPTIONS",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
]);
/** Methods a fetch `Request` cannot carry (https://fetch.spec.whatwg.org/#forbidden-method). */
export const UNREPRESENTABLE_METHODS: ReadonlySet<string> = new Set(["TRACE", "TRACK"]);

/** Two years, this host only: the same value next.config.mjs sends (a unit test keeps them equal). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const HSTS_VALUE = `max-age=${HSTS_MAX_AGE_SECONDS}`;

/** The client-facing scheme was https: the first `X-Forwarded-Proto` hop says so. */
export function forwardedHttps(value: string | string[] | undefined): boolean {
  const first = (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

/** The path of a request target (origin form `/a?b`, or absolute form `http://h/a?b`). */
function targetPath(target: string): string {
  if (target.startsWith("/")) return target.split("?", 1)[0] ?? target;
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
}

/** Route handlers outside /api (the depeg and event feeds): the same method table. */
const FEED_PATHS: ReadonlySet<string> = new Set([
  "/depegs.atom",
  "/depegs.json",
  "/events.atom",
  "/events.json",
]);

const isRoutePath = (path: string) =>
  path === "/api" || path.startsWith("/api/") || FEED_PATHS.has(path);

/** True when the guard answers this request with the 405 itself. */
export function refusedMethod(method: string, target: string): boolean {
  if (ROUTE_METHODS.has(method)) return false;
  return UNREPRESENTABLE_METHODS.has(method) || isRoutePath(targetPath(target));
}

const INSTALLED = Symbol.for("stablecoin-intel.method-guard");
type Patched = typeof http.Server.prototype & { [INSTALLED]?: true };

/**
 * Patches `http.Server` so every server in this process answers refused methods with the 405.
 * Returns the undo (for tests); a second install is a no-op.
 */
export async function installMethodGuard(): Promise<() => void> {
  const proto: Patched = http.Server.prototype;
  if (proto[INSTALLED]) return () => {};
  const answer = methodNotAllowed();
  const body = await answer.text();
  const headers = Object.fromEntries(answer.headers);
  const original = proto.emit;
  function guarded(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    const [req, res] = args;
    if (
      event === "request" &&
      req instanceof http.IncomingMessage &&
      res instanceof http.ServerResponse &&
      refusedMethod(req.method ?? "", req.url ?? "/")
    ) {
      const hsts = forwardedHttps(req.headers["x-forwarded-proto"])
        ? { "Strict-Transport-Security": HSTS_VALUE }
        : {};
      res.writeHead(405, { ...headers, ...hsts }).end(body);
      return true;
    }
    return Reflect.apply(original, this, [event, ...args]);
  }
  proto.emit = guarded;
  proto[INSTALLED] = true;
  return () => {
    proto.emit = original;
    delete proto[INSTALLED];
  };
}
