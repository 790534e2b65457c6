/**
 * How many listed coins have an issuer the data overlay names. A coin it does not name has an
 * unknown issuer: counted apart, never as an issuer of its own.
 */
import { issuerOf, type ListedAsset } from "@/lib/supply/panel";
import type { IssuersResponse } from "./schema";

export function issuerCoverage(
  assets: readonly ListedAsset[],
): IssuersResponse["concentration"]["coverage"] {
  const known = assets.filter((a) => issuerOf(a) !== null);
  const unknown = assets.filter((a) => issuerOf(a) === null);
  return {
    coins: assets.length,
    coins_with_known_issuer: known.length,
    coins_with_unknown_issuer: unknown.length,
    known_issuers: new Set(known.map(issuerOf)).size,
    unknown_issuer_circulating_usd: unknown.reduce((s, a) => s + a.circulatingUsd, 0),
  };
}
