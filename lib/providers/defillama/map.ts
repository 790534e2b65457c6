/** Raw DefiLlama payloads → domain types. */
import { canonicalChain } from "@/lib/domain/chains";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { validPriceUsd } from "@/lib/domain/peg";
import type {
  AggregateAsset,
  BackingLabel,
  ChainCirculating,
  SupplyPoint,
} from "@/lib/domain/types";
import { toFiniteNumber } from "../parse";
import type { RawAsset, RawChainCirculating, RawPegValues, RawSupplyChart } from "./schemas";

const BACKING_LABELS: readonly BackingLabel[] = ["fiat-backed", "crypto-backed", "algorithmic"];

/**
 * The value under the asset's own peg type. `{}`/missing key, the 2024 server's bare `0`
 * ("no record"), null and absent all mean "no record" → `null`.
 */
export function pegValue(values: RawPegValues, pegType: string): number | null {
  if (values === undefined || values === null) return null;
  if (typeof values === "number") return values === 0 ? null : toFiniteNumber(values);
  return toFiniteNumber(values[pegType]);
}

function backingLabel(raw: string | null | undefined): BackingLabel | null {
  return BACKING_LABELS.find((label) => label === raw) ?? null;
}

/** Sum of the known parts; `null` only when no part has a record. */
function addNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a + b;
}

/** A chain's values; null without a current record (unknown is left out, never counted as 0). */
function chainValues(raw: RawChainCirculating, pegType: string): ChainCirculating | null {
  const currentUsd = pegValue(raw.current, pegType);
  if (currentUsd === null) return null;
  return {
    currentUsd,
    prevDayUsd: pegValue(raw.circulatingPrevDay, pegType),
    prevWeekUsd: pegValue(raw.circulatingPrevWeek, pegType),
    prevMonthUsd: pegValue(raw.circulatingPrevMonth, pegType),
  };
}

/**
 * Canonicalises chain labels and merges labels that name one chain (`OP Mainnet` + `Optimism`).
 * A Map, then own keys: a label such as `__proto__` or `constructor` is an ordinary chain.
 */
function mergeChains(
  raw: Record<string, RawChainCirculating> | null | undefined,
  pegType: string,
): Record<string, ChainCirculating> {
  const merged = new Map<string, ChainCirculating>();
  for (const [label, entry] of Object.entries(raw ?? {})) {
    const chain = canonicalChain(label);
    const next = chainValues(entry, pegType);
    if (next === null) continue;
    const prev = merged.get(chain);
    merged.set(
      chain,
      prev
        ? {
            currentUsd: prev.currentUsd + next.currentUsd,
            prevDayUsd: addNullable(prev.prevDayUsd, next.prevDayUsd),
            prevWeekUsd: addNullable(prev.prevWeekUsd, next.prevWeekUsd),
            prevMonthUsd: addNullable(prev.prevMonthUsd, next.prevMonthUsd),
          }
        : next,
    );
  }
  return Object.fromEntries(merged);
}

/** Canonical chains without duplicates, in upstream order; derived by size when `chains` is absent. */
function chainOrder(
  labels: string[] | null | undefined,
  circulating: Record<string, ChainCirculating>,
): string[] {
  const source =
    labels ??
    Object.entries(circulating)
      .sort(([, a], [, b]) => b.currentUsd - a.currentUsd)
      .map(([chain]) => chain);
  const seen = new Set<string>();
  for (const label of source) seen.add(canonicalChain(label));
  return [...seen];
}

export function toAggregateAsset(raw: RawAsset): AggregateAsset {
  const chainCirculating = mergeChains(raw.chainCirculating, raw.pegType);
  return {
    id: raw.id,
    name: raw.name,
    symbol: raw.symbol,
    geckoId: raw.gecko_id ?? null,
    pegType: raw.pegType,
    backing: backingLabel(raw.pegMechanism),
    priceUsd: validPriceUsd(raw.price),
    circulatingUsd: pegValue(raw.circulating, raw.pegType),
    circulatingPrevDayUsd: pegValue(raw.circulatingPrevDay, raw.pegType),
    circulatingPrevWeekUsd: pegValue(raw.circulatingPrevWeek, raw.pegType),
    circulatingPrevMonthUsd: pegValue(raw.circulatingPrevMonth, raw.pegType),
    chainCirculating,
    chains: chainOrder(raw.chains, chainCirculating),
    deprecated: raw.deprecated,
    delisted: raw.delisted,
    yieldBearing: raw.yieldBearing,
    deadFrom: raw.deadFrom === null || raw.deadFrom === undefined ? null : String(raw.deadFrom),
  };
}

/** Daily supply points, oldest first; the value is the sum over the peg-type keys (one per asset). */
export function toSupplyPoints(raw: RawSupplyChart): SupplyPoint[] {
  const points: SupplyPoint[] = [];
  for (const row of raw) {
    const seconds = toFiniteNumber(row.date);
    const values = Object.values(row.totalCirculatingUSD ?? {}).map(toFiniteNumber);
    if (seconds === null || values.length === 0 || values.some((v) => v === null)) continue;
    const circulatingUsd = values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
    points.push({ timestampMs: seconds * MS_PER_SECOND, circulatingUsd });
  }
  return points.sort((a, b) => a.timestampMs - b.timestampMs);
}

/** The `pegType` entry of each row's `totalCirculatingUSD` (rows without it are skipped). */
export function toPegTypeSupplyPoints(raw: RawSupplyChart, pegType: string): SupplyPoint[] {
  const points: SupplyPoint[] = [];
  for (const row of raw) {
    const seconds = toFiniteNumber(row.date);
    const usd = toFiniteNumber(row.totalCirculatingUSD?.[pegType]);
    if (seconds === null || usd === null) continue;
    points.push({ timestampMs: seconds * MS_PER_SECOND, circulatingUsd: usd });
  }
  return points.sort((a, b) => a.timestampMs - b.timestampMs);
}
