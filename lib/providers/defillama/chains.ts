/**
 * The aggregate's per-chain calls (docs/upstream.md): `/stablecoinchains` (every chain's USD stablecoin
 * total), `/stablecoincharts/{chain}` (one chain's daily supply) and `/stablecoin/{id}` (one
 * coin's per-chain balances: minted, unreleased, bridged in). Only chain labels the aggregate
 * itself listed and numeric DefiLlama ids reach a path.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { canonicalChain } from "@/lib/domain/chains";
import { MS_PER_SECOND, USD_PEG_TYPE } from "@/lib/domain/constants";
import type { SupplyPoint } from "@/lib/domain/types";
import { providerGet, type ProviderCallOptions } from "../http";
import { looseRecord, ownRecord, toFiniteNumber } from "../parse";
import { numericIdSegment, ProviderInputError } from "../segments";
import { pegValue, toPegTypeSupplyPoints } from "./map";
import { pegValuesSchema, supplyChartSchema } from "./schemas";

const PROVIDER = "defillama";
export const DEFILLAMA_CHAIN_ENDPOINTS = {
  chains: "/stablecoinchains",
  chainChart: "/stablecoincharts/{chain}",
  coin: "/stablecoin/{id}",
} as const;

/**
 * `/stablecoin/{id}` carries years of daily rows per chain (tens of MB for the largest coins):
 * its own cap, above the default one. Only the latest row per chain is kept after parsing.
 */
export const COIN_BALANCES_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** A chain label as the aggregate spells it (`OP Mainnet`, `re.al`, `Hyperliquid L1`). */
const CHAIN_LABEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;

export interface ChainTotal {
  /** Canonical lowercase chain (`bnb`, `optimism`). */
  chain: string;
  /** The aggregate's label, also its path segment (`BSC`, `OP Mainnet`). */
  label: string;
  /** USD-pegged supply in USD; null when the aggregate had no USD record. */
  totalUsd: number | null;
}

/** The latest row of one chain's balance history, in the coin's peg units. */
export interface CoinChainBalance {
  chain: string;
  label: string;
  /** Unix ms of the row. */
  dateMs: number | null;
  circulating: number | null;
  minted: number | null;
  unreleased: number | null;
  bridgedTo: number | null;
  /** Bridges the aggregate names for the bridged-in part, with their source chain. */
  bridges: { name: string; sourceChain: string | null }[];
}

/** One coin's detail as kept: its own `address` and each chain's latest balance row. */
export interface CoinChains {
  /**
   * The aggregate's `address` as written (the coins API's key format, `lib/domain/coin-keys`
   * `llamaAddressCoinKey`); null when absent. Never sent upstream unless that mapping accepts it.
   */
  address: string | null;
  balances: CoinChainBalance[];
}

/** Longer `address` strings are no address any chain uses: kept as unknown. */
const ADDRESS_MAX_CHARS = 128;

const chainsSchema = z.array(
  z.object({ name: z.string(), totalCirculatingUSD: looseRecord.nullish() }),
);

/** Rows are validated one by one later: only the last one per chain is read. */
const coinSchema = z.object({
  pegType: z.string().min(1),
  address: z.string().max(ADDRESS_MAX_CHARS).nullish().catch(null),
  chainBalances: ownRecord(z.object({ tokens: z.array(z.unknown()).nullish() })).nullish(),
});

const tokenRowSchema = z.object({
  date: z.unknown().optional(),
  circulating: pegValuesSchema,
  minted: pegValuesSchema,
  unreleased: pegValuesSchema,
  bridgedTo: pegValuesSchema,
});

/** A chain label safe for a path segment; null otherwise (never sent). */
export function chainLabelSegment(label: string): string | null {
  return CHAIN_LABEL_PATTERN.test(label) && !label.includes("..")
    ? encodeURIComponent(label)
    : null;
}

/** `GET /stablecoinchains` → each chain's USD stablecoin total, labels merged per canonical chain. */
export async function fetchStablecoinChains(
  options: ProviderCallOptions = {},
): Promise<ChainTotal[]> {
  const endpoint = DEFILLAMA_CHAIN_ENDPOINTS.chains;
  const raw = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.stablecoins.baseUrl,
    path: endpoint,
    schema: chainsSchema,
    ...options,
  });
  const merged = new Map<string, ChainTotal>();
  for (const row of raw) {
    const chain = canonicalChain(row.name);
    const usd = toFiniteNumber(row.totalCirculatingUSD?.[USD_PEG_TYPE]);
    const prev = merged.get(chain);
    if (!prev) {
      merged.set(chain, { chain, label: row.name, totalUsd: usd });
      continue;
    }
    // Two labels of one chain (`OP Mainnet`, `Optimism`): the larger one's label is the path.
    if ((usd ?? 0) > (prev.totalUsd ?? 0)) prev.label = row.name;
    prev.totalUsd = prev.totalUsd === null ? usd : prev.totalUsd + (usd ?? 0);
  }
  return [...merged.values()];
}

/** `GET /stablecoincharts/{chain}` → the chain's daily USD-pegged supply, oldest first. */
export async function fetchChainSupplyHistory(
  label: string,
  options: ProviderCallOptions = {},
): Promise<SupplyPoint[]> {
  const endpoint = DEFILLAMA_CHAIN_ENDPOINTS.chainChart;
  const segment = chainLabelSegment(label);
  if (segment === null) throw new ProviderInputError(PROVIDER, endpoint, "chain");
  const raw = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.stablecoins.baseUrl,
    path: `/stablecoincharts/${segment}`,
    schema: supplyChartSchema,
    ...options,
  });
  return toPegTypeSupplyPoints(raw, USD_PEG_TYPE);
}

function bridgesOf(raw: unknown): CoinChainBalance["bridges"] {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return [];
  const bridges = (raw as Record<string, unknown>).bridges;
  if (typeof bridges !== "object" || bridges === null || Array.isArray(bridges)) return [];
  return Object.entries(bridges).map(([name, v]) => {
    const source =
      typeof v === "object" && v !== null ? (v as Record<string, unknown>).source : null;
    return { name, sourceChain: typeof source === "string" ? canonicalChain(source) : null };
  });
}

/** `bridgedTo`/`minted`/`unreleased` may be the bare `0` for "none": a measured zero here. */
function amount(values: unknown, pegType: string): number | null {
  if (values === 0) return 0;
  const parsed = pegValuesSchema.safeParse(values);
  return parsed.success ? pegValue(parsed.data, pegType) : null;
}

/** `GET /stablecoin/{id}` → the coin's address and the latest balance row of every chain. */
export async function fetchCoinChainBalances(
  defillamaId: string,
  options: ProviderCallOptions = {},
): Promise<CoinChains> {
  const endpoint = DEFILLAMA_CHAIN_ENDPOINTS.coin;
  const id = numericIdSegment(defillamaId, { provider: PROVIDER, endpoint }, "stablecoin id");
  const raw = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.stablecoins.baseUrl,
    path: `/stablecoin/${id}`,
    schema: coinSchema,
    maxBodyBytes: COIN_BALANCES_MAX_BODY_BYTES,
    ...options,
  });
  const out: CoinChainBalance[] = [];
  for (const [label, entry] of Object.entries(raw.chainBalances ?? {})) {
    const rows = entry.tokens ?? [];
    const last = tokenRowSchema.safeParse(rows[rows.length - 1]);
    if (!last.success) continue;
    const row = last.data;
    const seconds = toFiniteNumber(row.date);
    out.push({
      chain: canonicalChain(label),
      label,
      dateMs: seconds === null ? null : seconds * MS_PER_SECOND,
      circulating: amount(row.circulating, raw.pegType),
      minted: amount(row.minted, raw.pegType),
      unreleased: amount(row.unreleased, raw.pegType),
      bridgedTo: amount(row.bridgedTo, raw.pegType),
      bridges: bridgesOf(row.bridgedTo),
    });
  }
  return { address: raw.address?.trim() || null, balances: out };
}
