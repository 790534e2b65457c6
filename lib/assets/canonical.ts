/**
 * One path per coin: `/stablecoins/<selector>`, where `selector` is the one the supply rows carry
 * (`preferredSelector`). Every other spelling that resolves to the coin (any case, its CoinGecko
 * id, its DefiLlama id, a different percent-encoding) is sent there with a 308, and a spelling
 * that resolves to nothing gets proxy.ts's fixed 404 document, so the page cache (ISR stores
 * every render under its path) holds at most one page per coin whatever clients type.
 */
import { preferredSelector, resolutionRefs, resolveAsset, type AggregateRef } from "./resolve";
import { isSelector } from "./selector-syntax";

/** The URL path segment of a coin's page: its selector, URL-encoded (`usd+` → `usd%2B`). */
export const assetSegment = (selector: string): string => encodeURIComponent(selector);

/**
 * Lower-cased spelling → canonical selector, for every spelling `resolveAsset` resolves with this
 * aggregate list (a DefiLlama id, a symbol, a CoinGecko id; the overlay's coins while the list is empty):
 * the spellings are exactly the keys the resolver compares, each resolved by the resolver itself.
 */
export function canonicalSelectors(aggregate: readonly AggregateRef[]): Map<string, string> {
  const spellings = new Set<string>();
  const add = (s: string | null) => {
    if (s !== null && isSelector(s)) spellings.add(s.toLowerCase());
  };
  for (const a of resolutionRefs(aggregate)) [a.id, a.symbol, a.geckoId].forEach(add);

  const byCoin = new Map<string, string>(); // DefiLlama id → its selector
  const out = new Map<string, string>();
  for (const spelling of spellings) {
    const r = resolveAsset(spelling, aggregate);
    const id = r.ok ? r.asset.defillamaId : null;
    if (!r.ok || id === null) continue;
    let selector = byCoin.get(id);
    if (selector === undefined) {
      selector = preferredSelector(
        { id, symbol: r.asset.symbol, geckoId: r.asset.coingeckoId },
        aggregate,
      );
      byCoin.set(id, selector);
    }
    out.set(spelling, selector);
  }
  return out;
}

/** A listed coin's canonical selector from a `canonicalSelectors` table (its DefiLlama id if absent). */
export const selectorIn = (selectors: ReadonlyMap<string, string>, defillamaId: string): string =>
  selectors.get(defillamaId) ?? defillamaId;

export type AssetPathDecision =
  /** The canonical spelling, encoded as links encode it: render (or serve the cached) page. */
  | { kind: "page" }
  /** Another spelling of a known coin: 308 to this segment. */
  | { kind: "redirect"; segment: string }
  /** Malformed or resolves to nothing: the proxy's 404. */
  | { kind: "unknown" };

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** `raw`: the path segment exactly as requested (still URL-encoded). */
export function decideAssetPath(
  raw: string,
  canonical: ReadonlyMap<string, string>,
): AssetPathDecision {
  const decoded = decode(raw);
  if (decoded === null || !isSelector(decoded)) return { kind: "unknown" };
  const selector = canonical.get(decoded.toLowerCase());
  if (selector === undefined) return { kind: "unknown" };
  const segment = assetSegment(selector);
  return raw === segment ? { kind: "page" } : { kind: "redirect", segment };
}
