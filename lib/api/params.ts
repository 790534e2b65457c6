/**
 * Query parameters: their schemas (also the documented formats in the OpenAPI document) and the
 * parser every route uses. Bad input is a 400 `bad_request` naming the parameter.
 */
import { z } from "zod";
import { describeInputError, jsonError } from "./errors";

/** Longest part of an unknown parameter's name echoed back in an error message. */
const PARAM_NAME_ECHO_MAX_CHARS = 32;

export const SELECTOR_MAX_LENGTH = 64;
export const SELECTOR_PATTERN = /^[A-Za-z0-9._-]+$/;

/** `q`: a symbol (any case), CoinGecko id or DefiLlama id. Never put into an upstream URL. */
export const selectorSchema = z
  .string({ error: "is required" })
  .min(1, "must not be empty")
  .max(SELECTOR_MAX_LENGTH, `must be at most ${SELECTOR_MAX_LENGTH} characters`)
  .regex(SELECTOR_PATTERN, "may only contain letters, digits, '.', '_' and '-'");

export const windowSchema = z.enum(["24h", "7d", "30d"], { error: "must be one of 24h, 7d, 30d" });

export const walletSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be 0x followed by 40 hexadecimal characters")
  .transform((w) => w.toLowerCase());

/** Largest swap size the finder accepts, USD. */
export const MAX_SWAP_SIZE_USD = 10_000_000_000;

/** `size_usd`: a plain positive decimal number of USD (no exponent, no sign, no separators). */
export const swapSizeSchema = z
  .string()
  .regex(/^\d{1,11}(\.\d{1,2})?$/, "must be a positive number of USD, e.g. 10000000")
  .transform(Number)
  .refine(
    (n) => n > 0 && n <= MAX_SWAP_SIZE_USD,
    `must be greater than 0 and at most ${MAX_SWAP_SIZE_USD}`,
  );

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
