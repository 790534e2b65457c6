/** The `warnings` / `warning_codes` fields of a body, and their schema. */
import { z } from "zod";
import type { Warning } from "./warnings";

/** Adds `w` unless the same sentence is already there. */
export function addWarning(list: Warning[], w: Warning): void {
  if (!list.some((x) => x.message === w.message)) list.push(w);
}

/** The body fields: sentences and, in the same order, their codes (duplicates dropped). */
export function warningFields(list: readonly Warning[]): {
  warnings: string[];
  warning_codes: string[];
} {
  const unique: Warning[] = [];
  for (const w of list) addWarning(unique, w);
  return { warnings: unique.map((w) => w.message), warning_codes: unique.map((w) => w.code) };
}

/** `warning_codes` beside `warnings` in every body that carries warnings. */
export const warningCodesSchema = z
  .array(z.string())
  .describe(
    "Machine-readable code of each entry of `warnings`, in the same order (e.g. `dex_no_pools`, `market_not_listed`, `price_from_aggregate`).",
  );
