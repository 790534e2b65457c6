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
  DEFAULT_EVENTS_LOG_WINDOW,
  DEFAULT_HISTORY_WINDOW,
  HISTORY_FORMATS,
  HISTORY_WINDOWS,
  LOG_EVENT_TYPES,
} from "@/lib/history/windows";
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

const historyWindow = z.enum(HISTORY_WINDOWS, {
  error: `must be one of ${HISTORY_WINDOWS.join(", ")}`,
});

/** `window` of the own history; `7d` when absent. */
export const historyWindowSchema = historyWindow.default(DEFAULT_HISTORY_WINDOW);

/** `window` of the event log; `30d` when absent. */
export const eventsLogWindowSchema = historyWindow.default(DEFAULT_EVENTS_LOG_WINDOW);

/** `format` of the history route; JSON when absent. */
export const historyFormatSchema = z
  .enum(HISTORY_FORMATS, { error: `must be one of ${HISTORY_FORMATS.join(", ")}` })
  .default("json");

/** `type` of the event log: one event type. */
export const logEventTypeSchema = z.enum(LOG_EVENT_TYPES, {
  error: `must be one of ${LOG_EVENT_TYPES.join(", ")}`,
});

/** `confirmed` of the event log: `true` or `false`, as written. */
export const confirmedParamSchema = z.enum(["true", "false"], {
  error: "must be true or false",
});
export const confirmedSchema = confirmedParamSchema.transform((v) => v === "true");

/** `wallet` as documented: an EVM address, any case. */
export const walletParamSchema = z
  .string()
  .regex(EVM_ADDRESS_PATTERN, "must be 0x followed by 40 hexadecimal characters");

/** `wallet` as the routes use it: lowercased. */
export const walletSchema = walletParamSchema.transform((w) => w.toLowerCase());

/**
 * How a number is written in a query string: a JSON number (`10000`, `2500.5`, `1e6`), which is
 * what a client generated from the document sends for `type: number`. No `+` sign, spaces,
 * separators, leading zeros or hex: anything else is refused, so the code accepts exactly what
 * the document allows.
 */
const JSON_NUMBER_PATTERN = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A `type: number` query parameter: its text must be a JSON number, then `value` (the bounds the
 * document shows: the route documents this schema's output side) judges the number.
 */
function queryNumber(value: z.ZodNumber, notANumber: string) {
  return z.string().regex(JSON_NUMBER_PATTERN, notANumber).transform(Number).pipe(value);
}

/** Largest swap size the finder accepts, USD. */
export const MAX_SWAP_SIZE_USD = 10_000_000_000;

/** `size_usd`: a number of USD, greater than 0 and at most MAX_SWAP_SIZE_USD. */
export const swapSizeSchema = queryNumber(
  z
    .number({ error: "must be a finite number" })
    .gt(0, "must be greater than 0")
    .max(MAX_SWAP_SIZE_USD, `must be at most ${MAX_SWAP_SIZE_USD}`),
  "must be a number of USD, e.g. 10000000",
);

/**
 * `sizes_usd` as documented: an array in the query's `form` style without explode, i.e.
 * comma-separated numbers (`10000,1000000`), 1 to MAX_EXIT_SIZES of them (counted as given),
 * each MIN_EXIT_SIZE_USD..MAX_EXIT_SIZE_USD.
 */
export const exitSizesParamSchema = z
  .string()
  .transform((s) => (s === "" ? [] : s.split(",")))
  .pipe(
    z
      .array(
        queryNumber(
          z
            .number({ error: "every size must be a finite number" })
            .min(MIN_EXIT_SIZE_USD, `every size must be at least ${MIN_EXIT_SIZE_USD} USD`)
            .max(MAX_EXIT_SIZE_USD, `every size must be at most ${MAX_EXIT_SIZE_USD} USD`),
          "must be comma-separated numbers of USD, e.g. 10000,1000000",
        ),
      )
      .min(1, "must list at least one size")
      .max(MAX_EXIT_SIZES, `must list at most ${MAX_EXIT_SIZES} sizes`),
  );

/** `sizes_usd` as the route uses it: sorted and de-duplicated; absent → the default ladder. */
export const exitSizesSchema = exitSizesParamSchema
  .transform((sizes) => [...new Set(sizes)].sort((a, b) => a - b))
  .optional()
  .transform((sizes) => sizes ?? [...DEFAULT_EXIT_SIZES_USD]);
