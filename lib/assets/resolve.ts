/**
 * `resolveAsset(q)`: a symbol in any case, a CoinGecko id or a DefiLlama id → one asset.
 * Every coin resolves the same way: against the aggregate list, or — only while that list is
 * unavailable — against the overlay's identities (`./overlay`); the overlay's facts are then laid
 * over the resolved asset. A symbol shared by several assets (five are called USDS) resolves to
 * the largest by circulating supply and the others are reported. `q` itself never reaches an
 * upstream URL: only the resolved ids do.
 */
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import { largestSupplyFirst } from "@/lib/domain/supply";
import type { AggregateAsset } from "@/lib/domain/types";
import { OVERLAY_COINS, overlayFor, type BackingLabel, type OverlayFacts } from "./overlay";
import { isSelector } from "./selector-syntax";

export { isSelector, SELECTOR_MAX_LENGTH, SELECTOR_PATTERN } from "./selector-syntax";

/** The subset of an aggregate (DefiLlama) asset the resolver needs. */
export interface AggregateRef {
  id: string;
  symbol: string;
  name: string;
  geckoId: string | null;
  /** Null when the aggregate has no current record. */
  circulatingUsd: number | null;
  backing: BackingLabel | null;
  pegType: string;
}

export function toAggregateRef(a: AggregateAsset): AggregateRef {
  return {
    id: a.id,
    symbol: a.symbol,
    name: a.name,
    geckoId: a.geckoId,
    circulatingUsd: a.circulatingUsd,
    backing: a.backing,
    pegType: a.pegType,
  };
}

export interface ResolvedAsset {
  symbol: string;
  name: string;
  defillamaId: string | null;
  coingeckoId: string | null;
  backing: BackingLabel | null;
  issuer: string | null;
  /** Overlay facts (issuer, transparency, contract overrides); null when the overlay has none. */
  overlay: OverlayFacts | null;
}

export interface AlternativeAsset {
  symbol: string;
  name: string;
  defillamaId: string;
  coingeckoId: string | null;
  circulatingUsd: number | null;
  /** Its readable selector (`preferredSelector`), when the caller has the aggregate list. */
  selector?: string;
}

export type Resolution =
  | {
      ok: true;
      asset: ResolvedAsset;
      matchedBy: "symbol" | "coingecko-id" | "defillama-id";
      /** Other assets sharing the symbol, largest first. */
      alternatives: AlternativeAsset[];
    }
  | { ok: false; suggestions: string[] };

export const MAX_SUGGESTIONS = 3;
const MAX_SUGGESTION_DISTANCE = 2;

/** The overlay's identities, standing in for the aggregate list while it is unavailable. */
const OVERLAY_REFS: readonly AggregateRef[] = OVERLAY_COINS.map((o) => ({
  id: o.defillamaId,
  symbol: o.symbol,
  name: o.name ?? o.symbol,
  geckoId: o.coingeckoId,
  circulatingUsd: null,
  backing: o.backing,
  pegType: USD_PEG_TYPE,
}));

/** The list resolution runs over: the aggregate, or the overlay while the aggregate is empty. */
export function resolutionRefs(aggregate: readonly AggregateRef[]): readonly AggregateRef[] {
  return aggregate.length > 0 ? aggregate : OVERLAY_REFS;
}

function fromAggregate(a: AggregateRef): ResolvedAsset {
  const overlay = overlayFor(a.id);
  return {
    symbol: a.symbol,
    name: a.name,
    defillamaId: a.id,
    coingeckoId: a.geckoId ?? overlay?.coingeckoId ?? null,
    backing: a.backing ?? overlay?.backing ?? null,
    issuer: overlay?.issuer ?? null,
    overlay,
  };
}

/** Every coin of the list resolution runs over, as `resolveAsset` hands it out. */
export function resolvedAssets(aggregate: readonly AggregateRef[]): ResolvedAsset[] {
  return resolutionRefs(aggregate).map(fromAggregate);
}

/** The coin with this DefiLlama id, as `resolveAsset` hands it out; null when the list lacks it. */
export function resolvedById(id: string, aggregate: readonly AggregateRef[]): ResolvedAsset | null {
  const a = resolutionRefs(aggregate).find((x) => x.id === id);
  return a ? fromAggregate(a) : null;
}

const toAlternative = (a: AggregateRef): AlternativeAsset => ({
  symbol: a.symbol,
  name: a.name,
  defillamaId: a.id,
  coingeckoId: a.geckoId,
  circulatingUsd: a.circulatingUsd,
});

/** Levenshtein distance, bounded: returns `max + 1` as soon as it is exceeded. */
export function editDistance(a: string, b: string, max = MAX_SUGGESTION_DISTANCE): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

function suggest(q: string, aggregate: readonly AggregateRef[]): string[] {
  const names = new Map<string, number>(); // display symbol → best score
  const consider = (label: string, key: string) => {
    const d = key.startsWith(q) || q.startsWith(key) ? 0.5 : editDistance(q, key);
    if (d <= MAX_SUGGESTION_DISTANCE && (names.get(label) ?? Infinity) > d) names.set(label, d);
  };
  for (const a of aggregate) {
    if (a.pegType !== USD_PEG_TYPE) continue;
    consider(a.symbol, a.symbol.toLowerCase());
  }
  return [...names.entries()]
    .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
    .slice(0, MAX_SUGGESTIONS)
    .map(([label]) => label);
}

/**
 * Resolve a selector that already passed input validation (`isSelector`).
 * `aggregate` is the current aggregate list, or `[]` when it is unavailable (then the overlay's
 * coins still resolve, by the same rules).
 */
export function resolveAsset(q: string, aggregate: readonly AggregateRef[]): Resolution {
  const needle = q.trim().toLowerCase();
  const refs = resolutionRefs(aggregate);

  // 1. DefiLlama id (digits).
  if (/^\d+$/.test(needle)) {
    const a = refs.find((x) => x.id === needle);
    if (a)
      return { ok: true, asset: fromAggregate(a), matchedBy: "defillama-id", alternatives: [] };
  }

  // 2. Symbol, any case: the largest by circulating supply wins; the rest are reported.
  const bySymbol = refs.filter((a) => a.symbol.toLowerCase() === needle).sort(largestSupplyFirst);
  const winner = bySymbol[0];
  if (winner) {
    return {
      ok: true,
      asset: fromAggregate(winner),
      matchedBy: "symbol",
      alternatives: bySymbol.slice(1).map(toAlternative),
    };
  }

  // 3. CoinGecko id.
  const byGecko = refs.find((a) => a.geckoId !== null && a.geckoId.toLowerCase() === needle);
  if (byGecko) {
    return { ok: true, asset: fromAggregate(byGecko), matchedBy: "coingecko-id", alternatives: [] };
  }

  return { ok: false, suggestions: suggest(needle, refs) };
}

/**
 * The shortest readable `q` that resolves to `asset` among `aggregate`: its symbol when the
 * symbol picks it (the largest holder of a shared symbol), else its CoinGecko id when that picks
 * it, else its DefiLlama id (always unique). Used for stable asset URLs.
 */
export function preferredSelector(
  asset: Pick<AggregateRef, "id" | "symbol" | "geckoId">,
  aggregate: readonly AggregateRef[],
): string {
  for (const candidate of [asset.symbol.toLowerCase(), asset.geckoId]) {
    if (candidate === null || !isSelector(candidate) || /^\d+$/.test(candidate)) continue;
    const r = resolveAsset(candidate, aggregate);
    if (r.ok && r.asset.defillamaId === asset.id) return candidate;
  }
  return asset.id;
}
