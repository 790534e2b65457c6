/**
 * `GET /api/cron/refresh` (Vercel Cron): one refresher pass behind `Authorization: Bearer
 * $CRON_SECRET`. No secret configured → 404 (the route does not exist); a wrong or missing one →
 * 401, compared in constant time; any method but GET → 405 with `Allow: GET` (a HEAD would run a
 * pass without showing it). The secret is never logged or echoed. Not rate limited: a refused
 * request touches neither the store nor a provider, and the pass lock bounds accepted ones.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/config";
import { KvError } from "@/lib/kv/types";
import { runRefreshPass } from "@/lib/refresh/pass";
import { leadMsFor } from "@/lib/refresh/scheduler";
import { jsonOk } from "./body";
import { jsonError, notFound } from "./errors";

const BEARER = /^Bearer (.+)$/;

/** Constant-time: both sides hashed to equal length first, so the length leaks nothing either. */
export function bearerMatches(header: string | null, secret: string): boolean {
  const given = BEARER.exec(header ?? "")?.[1] ?? "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(secret)) && given.length > 0;
}

export async function cronRefresh(request: Request): Promise<Response> {
  const config = getConfig();
  const secret = config.refresh.cronSecret;
  if (secret === undefined) return notFound();
  if (!bearerMatches(request.headers.get("authorization"), secret)) {
    return jsonError(401, "unauthorized", "A valid bearer token is required.", {
      headers: { "WWW-Authenticate": "Bearer" },
    });
  }
  try {
    const result = await runRefreshPass({
      trigger: "cron",
      leadMs: leadMsFor(config.refresh.intervalSeconds),
    });
    const body = result.outcome === "locked" ? { outcome: "locked" } : result.run;
    if (result.outcome === "failed")
      return jsonError(503, "upstream_unavailable", result.run.reason ?? "The pass failed.");
    return jsonOk(body, { degraded: false, cache: null });
  } catch (e) {
    if (!(e instanceof KvError)) throw e;
    return jsonError(503, "upstream_unavailable", "The cache store is unavailable: no pass ran.");
  }
}

export function cronMethodNotAllowed(): Response {
  return jsonError(405, "method_not_allowed", "Only GET is supported on this route.", {
    headers: { Allow: "GET" },
  });
}
