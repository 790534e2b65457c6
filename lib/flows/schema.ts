/** Body of GET /api/stablecoin-flows: protocol flows, CEX ↔ unlabeled transfers, chain migration. */
import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

const party = z.object({
  address: z.string(),
  label: z.string().describe('Public, source-backed label, or "unlabeled wallet"'),
  label_source: z.string().nullable(),
  labelled: z.boolean(),
});

export const flowsResponseSchema = z.object({
  filters: z.object({
    q: z.string().nullable(),
    asset: z.string().nullable(),
    wallet: z.string().nullable(),
  }),
  protocol_flows: z.array(
    z.object({
      token_symbol: z.string(),
      protocol: z.string(),
      chain: z.string(),
      window: z.enum(["24h", "7d", "30d"]),
      inflow_usd: z.number(),
      outflow_usd: z.number(),
      net_flow_usd: z.number(),
      is_yield_bearing: z.boolean(),
    }),
  ),
  cex_transfers: z.array(
    z.object({
      time: z.string(),
      chain: z.string(),
      token_symbol: z.string(),
      amount_usd: z.number(),
      direction: z.enum(["cex_to_unlabeled", "unlabeled_to_cex"]),
      from: party,
      to: party,
      tx_hash: z.string(),
    }),
  ),
  chain_migration: z.array(
    z.object({
      token_symbol: z.string(),
      source_chain: z.string(),
      destination_chain: z.string(),
      window: z.enum(["7d", "30d"]),
      amount_usd: z.number(),
    }),
  ),
  metadata: z.object({
    sources: z.array(
      z.object({
        name: z.literal("Dune"),
        type: z.literal("on-chain-scheduled"),
        dataset: z.enum(["protocol_flows", "cex_flows", "chain_migration"]),
        last_updated: z.string(),
      }),
    ),
    freshness: z.literal("scheduled/cached"),
    wallet_filter_applies_to: z.array(z.string()),
    label_policy: z.string(),
    cex_transfers_total: z.number().int(),
    cex_transfers_shown: z.number().int(),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type FlowsResponse = z.infer<typeof flowsResponseSchema>;
