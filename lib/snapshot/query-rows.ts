/**
 * Row contracts of the scheduled on-chain queries (SQL in `queries/*.sql`): validated before
 * they are cached; string cells and both timestamp forms accepted.
 */
import { z } from "zod";
import type { DuneQueryName } from "@/lib/config";
import { canonicalChain } from "@/lib/domain/chains";
import { EVM_ADDRESS_PATTERN } from "@/lib/domain/constants";

const NUMERIC_STRING = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export const numericCell = z
  .union([z.number(), z.string().trim().regex(NUMERIC_STRING)])
  .transform((v) => Number(v))
  .refine((n) => Number.isFinite(n), "must be a finite number");

const nonNegative = numericCell.refine((n) => n >= 0, "must not be negative");

/** `2024-03-11 00:00:00.000 UTC`, `2024-03-11 00:00:00`, or ISO 8601 → ISO 8601. */
export function normaliseTimestamp(raw: string): string | null {
  let s = raw.trim().replace(/ UTC$/i, "Z");
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(s)) s = s.replace(" ", "T");
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) s += "Z";
  // Date parses at most millisecond precision: trim longer fractions (Dune sends up to 9 digits).
  s = s.replace(/(\.\d{3})\d+/, "$1");
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export const timestampCell = z.string().transform((v, ctx) => {
  const iso = normaliseTimestamp(v);
  if (iso === null) {
    ctx.addIssue({ code: "custom", message: "must be a timestamp" });
    return z.NEVER;
  }
  return iso;
});

const chainCell = z.string().min(1).transform(canonicalChain);
const symbolCell = z.string().min(1).max(32);
const labelCell = z
  .string()
  .nullish()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : null));
const addressCell = z
  .string()
  .regex(EVM_ADDRESS_PATTERN)
  .transform((a) => a.toLowerCase());
const booleanCell = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"]), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);

export const supplyByChainRow = z.object({
  token_symbol: symbolCell,
  blockchain: chainCell,
  supply: nonNegative,
});

export const cexFlowRow = z.object({
  block_time: timestampCell,
  blockchain: chainCell,
  token_symbol: symbolCell,
  amount_usd: nonNegative,
  from_address: addressCell,
  to_address: addressCell,
  from_label: labelCell,
  to_label: labelCell,
  label_source: labelCell,
  direction: z.enum(["cex_to_unlabeled", "unlabeled_to_cex"]),
  tx_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
});

export const protocolFlowRow = z.object({
  token_symbol: symbolCell,
  protocol: z.string().min(1).max(64),
  blockchain: chainCell,
  window: z.enum(["24h", "7d", "30d"]),
  inflow_usd: nonNegative,
  outflow_usd: nonNegative,
  net_flow_usd: numericCell,
  is_yield_bearing: booleanCell,
});

export const chainMigrationRow = z.object({
  token_symbol: symbolCell,
  source_chain: chainCell,
  destination_chain: chainCell,
  window: z.enum(["7d", "30d"]),
  amount_usd: nonNegative,
});

export const issuerExposureRow = z.object({
  token_symbol: symbolCell,
  issuer: z.string().min(1).max(128),
  blockchain: chainCell,
  entity_label: z.string().min(1).max(128),
  entity_address: addressCell,
  label_source: z.string().min(1).max(128),
  balance: nonNegative,
  total_supply: nonNegative,
});

export const QUERY_ROW_SCHEMAS = {
  supplyByChain: supplyByChainRow,
  cexFlows: cexFlowRow,
  protocolFlows: protocolFlowRow,
  chainMigration: chainMigrationRow,
  issuerExposure: issuerExposureRow,
} as const satisfies Record<DuneQueryName, z.ZodType>;

export type QueryRow<N extends DuneQueryName> = z.output<(typeof QUERY_ROW_SCHEMAS)[N]>;
export type SupplyByChainRow = QueryRow<"supplyByChain">;
export type CexFlowRow = QueryRow<"cexFlows">;
export type ProtocolFlowRow = QueryRow<"protocolFlows">;
export type ChainMigrationRow = QueryRow<"chainMigration">;
export type IssuerExposureRow = QueryRow<"issuerExposure">;
