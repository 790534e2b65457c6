/**
 * The query parser every route uses: one zod schema over the URL's parameters, repeated
 * parameters rejected; bad input is a 400 `bad_request` naming the parameter.
 */
import type { z } from "zod";
import { describeInputError, jsonError } from "./errors";

/** Longest part of an unknown parameter's name echoed back in an error message. */
const PARAM_NAME_ECHO_MAX_CHARS = 32;

/** Parse URL search params with a zod schema; repeated parameters are rejected. */
export function parseQuery<S extends z.ZodType>(
  request: Request,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; response: Response } {
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    if (all.length > 1) {
      return {
        ok: false,
        response: jsonError(
          400,
          "bad_request",
          `Invalid parameter "${key.slice(0, PARAM_NAME_ECHO_MAX_CHARS)}": given more than once.`,
        ),
      };
    }
    raw[key] = all[0] ?? "";
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, response: jsonError(400, "bad_request", describeInputError(parsed.error)) };
  return { ok: true, value: parsed.data };
}
