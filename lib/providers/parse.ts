/** Small zod building blocks and converters shared by the provider schemas and mappers. */
import { z } from "zod";

const NUMERIC_STRING = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A finite number from a number or a numeric string; anything else → `null`. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && NUMERIC_STRING.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Optional numeric field that may arrive as a number, a numeric string or `null`. */
export const numberish = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => toFiniteNumber(v));

/** Optional boolean flag: only literal `true` counts. */
export const flag = z
  .boolean()
  .nullish()
  .transform((v) => v === true);

/** Object whose values are validated later, one by one (keys are labels or peg types). */
export const looseRecord = z.record(z.string(), z.unknown());

const isPlainObject = (v: unknown): v is object =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A record keyed by upstream labels with every key kept as an own key — `__proto__` too (zod's
 * record drops that key, and a plain assignment would set the prototype instead): a chain called
 * `__proto__` or `constructor` is an ordinary unknown chain. Values are validated one by one.
 */
export function ownRecord<T extends z.ZodType>(value: T) {
  return z.custom<object>(isPlainObject, "expected an object").transform((input, ctx) => {
    const entries: [string, z.output<T>][] = [];
    for (const [key, raw] of Object.entries(input)) {
      const parsed = value.safeParse(raw);
      if (!parsed.success) {
        ctx.issues.push({ code: "custom", message: parsed.error.message, input: raw, path: [key] });
        return z.NEVER;
      }
      entries.push([key, parsed.data]);
    }
    return Object.fromEntries(entries) as Record<string, z.output<T>>;
  });
}
