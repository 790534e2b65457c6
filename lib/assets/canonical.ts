/**
 * One path per coin: `/stablecoins/<selector>`, where `selector` is the one the supply rows carry
 * (`preferredSelector`). Every other spelling that resolves to the coin (any case, its CoinGecko
 * id, its DefiLlama id, a different percent-encoding) is sent there with a 308, and a spelling
 * that resolves to nothing gets the one shared 404 page, so the page cache (ISR stores every
 * render under its path) holds at most one page per coin whatever clients type.
 */
import { preferredSelector, resolutionRefs, resolveAsset, type AggregateRef } from "./resolve";
import { isSelector } from "./selector-syntax";

/**
 * Where an unknown or malformed spelling is rewritten to: not a valid selector (`~`), so the page
 * answers its 404 at once, and one fixed path, so Next stores that 404 once.
 */
export const UNKNOWN_ASSET_SEGMENT = "~unknown";

/**
 * The request header proxy.ts sets on an unknown spelling; a `beforeFiles` rewrite in
 * next.config.mjs, conditioned on it, sends the request to the shared 404 path. A rewrite
 * returned by the proxy itself would be proxied over the network back to this server whenever
 * `next start -H` names a host (its URL's origin is `localhost`, the router's is that host:
 * vercel/next.js#94745); a config rewrite always stays inside the server.
 */
export const UNKNOWN_ASSET_HEADER = "x-stablecoin-unknown";

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

export type AssetPathDecision =
  /** The canonical spelling, encoded as links encode it: render (or serve the cached) page. */
  | { kind: "page" }
  /** Another spelling of a known coin: 308 to this segment. */
  | { kind: "redirect"; segment: string }
  /** Malformed or resolves to nothing: the shared 404. */
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
