/**
 * The origin public links are built on (feeds, OpenAPI `servers`): `PUBLIC_BASE_URL` when set,
 * else the origin the client sent the request to. Not `request.url`: under `next start` that is
 * the server's own listening address (`http://localhost:3000/…`), whatever the client asked for.
 */
import { getConfig } from "@/lib/config";

/** `host[:port]` as a client may send it: a DNS name, IPv4 or bracketed IPv6, optional port. */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The scheme the client used: the first `X-Forwarded-Proto` hop (a TLS-terminating proxy or
 * platform sets it; `next start` fills in `http` when the client sent none), else the URL's.
 */
function clientScheme(request: Request): "http" | "https" {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (forwarded === "https" || forwarded === "http") return forwarded;
  return new URL(request.url).protocol === "https:" ? "https" : "http";
}

/** The origin the client addressed: scheme plus its `Host` header (a malformed one is ignored). */
export function requestOrigin(request: Request): string {
  const host = request.headers.get("host");
  if (host === null || !HOST_HEADER.test(host)) return new URL(request.url).origin;
  return `${clientScheme(request)}://${host.toLowerCase()}`;
}

/** `PUBLIC_BASE_URL`, or the origin of this request when it is unset. */
export function publicOrigin(request: Request): string {
  return getConfig().publicBaseUrl ?? requestOrigin(request);
}
