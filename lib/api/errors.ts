/**
 * Error answers: `{ error: { code, message }, holderAnalyticsSupported: false }` with a user-safe
 * message, never a stack or a class name (docs/route-contract.md rules 3 and 4).
 */
import { z } from "zod";
import { BASE_HEADERS, NO_STORE, withFlag } from "./body";

export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

export const ERROR_CODES = [
  "bad_request",
  "unauthorized",
  "unknown_asset",
  "not_found",
  "method_not_allowed",
  "rate_limited",
  "upstream_unavailable",
  "internal_error",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
  holderAnalyticsSupported: z.literal(false),
  suggestions: z.array(z.string()).optional(),
  warnings: z.array(z.string()).optional(),
});

export function jsonError(
  status: number,
  code: ErrorCode,
  message: string,
  extra: { suggestions?: string[]; warnings?: string[]; headers?: Record<string, string> } = {},
): Response {
  const { headers, ...rest } = extra;
  return Response.json(withFlag({ error: { code, message }, ...rest }), {
    status,
    headers: { ...BASE_HEADERS, "Cache-Control": NO_STORE, ...headers },
  });
}

export function methodNotAllowed(): Response {
  return jsonError(
    405,
    "method_not_allowed",
    "Only GET, HEAD and OPTIONS are supported on this route.",
    { headers: { Allow: ALLOWED_METHODS } },
  );
}

/** 404 for a path no route serves (`app/api/no-route`) or a route switched off. */
export function notFound(): Response {
  return jsonError(404, "not_found", "No route matches this path.");
}

/** Turn a zod failure on query parameters into one user-safe sentence. */
export function describeInputError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request parameters.";
  const param = issue.path.length > 0 ? String(issue.path[0]) : "request";
  return `Invalid parameter "${param}": ${issue.message}`;
}
