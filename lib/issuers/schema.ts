/** Body of GET /api/stablecoin-issuers: issuer × chain market-cap tree and issuer concentration. */
import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

export const chainLeafSchema = z.object({ name: z.string(), value: z.number() });
export const issuerNodeSchema = z.object({
  name: z.string(),
  issuer_source: z.enum(["registry", "asset-name"]),
  value: z.number(),
  assets: z.array(z.string()),
  children: z.array(chainLeafSchema),
});

export const issuersResponseSchema = z.object({
  tree: z.object({ name: z.literal("USD stablecoins"), children: z.array(issuerNodeSchema) }),
  concentration: z.object({
    hhi: z
      .number()
      .nullable()
      .describe(
        "Herfindahl–Hirschman index over issuer market shares in percent, 0–10 000; null when no listed supply is measured",
      ),
    top_issuer: z.object({ name: z.string(), share_pct: z.number() }).nullable(),
    issuers: z.array(
      z.object({ name: z.string(), share_pct: z.number(), circulating_usd: z.number() }),
    ),
    method: z.string(),
    coverage: z
      .object({
        coins: z.number().int().describe("Listed USD stablecoins"),
        coins_with_known_issuer: z.number().int(),
        coins_with_unknown_issuer: z
          .number()
          .int()
          .describe(
            "Coins whose issuer the service does not know; in the tree and the HHI each stands under its own name (issuer_source asset-name)",
          ),
        known_issuers: z.number().int().describe("Distinct known issuers"),
        unknown_issuer_circulating_usd: z.number(),
      })
      .describe("Which coins have a known issuer: an unknown issuer is counted apart"),
  }),
  exposure: z
    .array(
      z.object({
        token_symbol: z.string(),
        issuer: z.string(),
        held_by_issuer_entities_tokens: z.number(),
        total_supply_tokens: z.number(),
        share_of_supply: z
          .number()
          .nullable()
          .describe("Fraction 0–1 of the token's supply on the covered chains"),
        chains: z.array(z.string()),
        entities: z.array(
          z.object({ label: z.string(), chain: z.string(), label_source: z.string() }),
        ),
      }),
    )
    .describe("Share of supply held by minting/redemption entities (scheduled on-chain snapshot)"),
  metadata: z.object({
    sources: z.array(
      z.object({
        name: z.string(),
        type: z.string(),
        latency: z.literal("low").optional(),
        last_updated: z.string().optional(),
        as_of: z.string().nullable().optional(),
      }),
    ),
    total_circulating_usd: z.number(),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type IssuersResponse = z.infer<typeof issuersResponseSchema>;
export type IssuerNode = z.infer<typeof issuerNodeSchema>;
