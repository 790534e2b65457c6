/**
 * A chain name as clients may spell it: the canonical name or an aggregate label (`BSC`, `OP
 * Mainnet`). Checked as given, never trimmed first: the document's pattern is what is accepted.
 */
import { z } from "zod";

export const CHAIN_PARAM_MAX_LENGTH = 64;
export const CHAIN_PARAM_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;

export const chainParamSchema = z
  .string()
  .min(1, { error: "must not be empty" })
  .max(CHAIN_PARAM_MAX_LENGTH, { error: `at most ${CHAIN_PARAM_MAX_LENGTH} characters` })
  .regex(CHAIN_PARAM_PATTERN, { error: "letters, digits, spaces, dots, hyphens or underscores" });
