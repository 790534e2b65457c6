/**
 * Raw DexScreener pairs (tests/fake-upstream/fixtures/samples/README.md §3). `priceUsd`/`priceNative` are strings,
 * `liquidity` and `labels` may be missing, `/token-pairs/v1` answers a bare array (`[]` when the
 * token is unknown); the `{ schemaVersion, pairs }` wrapper of `/latest/dex/*` is accepted too.
 */
import { z } from "zod";
import { numberish } from "../parse";

const tokenSchema = z.object({
  address: z.string(),
  name: z.string().nullish(),
  symbol: z.string().nullish(),
});

const pairSchema = z.object({
  chainId: z.string(),
  dexId: z.string(),
  url: z.string().nullish(),
  pairAddress: z.string(),
  labels: z.array(z.string()).nullish(),
  baseToken: tokenSchema,
  quoteToken: tokenSchema,
  priceNative: numberish,
  priceUsd: numberish,
  volume: z.object({ h24: numberish }).nullish(),
  liquidity: z.object({ usd: numberish, base: numberish, quote: numberish }).nullish(),
  pairCreatedAt: numberish,
});
export type RawPair = z.output<typeof pairSchema>;

export const tokenPairsSchema = z
  .union([z.array(pairSchema), z.object({ pairs: z.array(pairSchema).nullable() })])
  .transform((body) => (Array.isArray(body) ? body : (body.pairs ?? [])));
