/**
 * Query parameter schemas: what the routes parse with, what the OpenAPI document documents, and
 * what pages and client components validate with. Schemas only — this module reaches browser
 * bundles (components/flows), so it imports nothing but pure constants (`./query` parses requests).
 */
import { z } from "zod";
import {
  SELECTOR_CHARACTERS,
  SELECTOR_MAX_LENGTH,
  SELECTOR_PATTERN,
} from "@/lib/assets/selector-syntax";
import { EVM_ADDRESS_PATTERN } from "@/lib/domain/constants";
import { DEFAULT_EVENTS_WINDOW, EVENTS_WINDOWS } from "@/lib/domain/depeg-events";
import {
  DEFAULT_EXIT_SIZES_USD,
  MAX_EXIT_SIZE_USD,
  MAX_EXIT_SIZES,
  MIN_EXIT_SIZE_USD,
} from "@/lib/domain/exit-cost-constants";

export { SELECTOR_MAX_LENGTH, SELECTOR_PATTERN };

/** `q`: a symbol (any case), CoinGecko id or DefiLlama id. Never put into an upstream URL. */
export const selectorSchema = z
  .string({ error: "is required" })
  .min(1, "must not be empty")
  .max(SELECTOR_MAX_LENGTH, `must be at most ${SELECTOR_MAX_LENGTH} characters`)
  .regex(SELECTOR_PATTERN, `may only contain ${SELECTOR_CHARACTERS} (URL-encode '+' as %2B)`);

export const windowSchema = z.enum(["24h", "7d", "30d"], { error: "must be one of 24h, 7d, 30d" });

/** `window` of the depeg event log; `365d` when absent. */
export const eventsWindowSchema = z
  .enum(EVENTS_WINDOWS, { error: `must be one of ${EVENTS_WINDOWS.join(", ")}` })
  .default(DEFAULT_EVENTS_WINDOW);

export const walletSchema = z
  .string()
  .regex(EVM_ADDRESS_PATTERN, "must be 0x followed by 40 hexadecimal characters")
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

/**
 * `sizes_usd` of the exit-cost ladder: comma-separated plain USD amounts (no sign, exponent or
 * separators), at most MAX_EXIT_SIZES, each MIN_EXIT_SIZE_USD..MAX_EXIT_SIZE_USD; sorted and
 * de-duplicated. Absent → the default ladder.
 */
export const exitSizesSchema = z
  .string()
  .regex(
    /^\d{1,9}(\.\d{1,2})?(,\d{1,9}(\.\d{1,2})?)*$/,
    "must be comma-separated plain USD amounts, e.g. 10000,1000000",
  )
  .transform((s) => [...new Set(s.split(",").map(Number))].sort((a, b) => a - b))
  .refine((sizes) => sizes.length <= MAX_EXIT_SIZES, `must list at most ${MAX_EXIT_SIZES} sizes`)
  .refine(
    (sizes) => sizes.every((n) => n >= MIN_EXIT_SIZE_USD && n <= MAX_EXIT_SIZE_USD),
    `every size must be between ${MIN_EXIT_SIZE_USD} and ${MAX_EXIT_SIZE_USD} USD`,
  )
  .optional()
  .transform((sizes) => sizes ?? [...DEFAULT_EXIT_SIZES_USD]);
