/**
 * Issuer and chain concentration. Pure functions; amounts in USD, shares as fractions (0–1).
 *
 * Issuer share of the USD stablecoin market:
 *   share(issuer) = Σ circulating of assets with that issuer ÷ Σ circulating of all USD-pegged assets
 * (the caller passes USD-pegged assets only; issuer names match trimmed and case-insensitively;
 * non-finite or non-positive amounts are ignored).
 *
 * Herfindahl–Hirschman index on the 0–10 000 scale:
 *   HHI = Σ_i (100 × s_i)²,  s_i = x_i ÷ Σ x   (shares in percent, squared)
 * One participant → 10 000; n equal participants → 10 000 / n. Used over issuers (market) and over
 * chains (an asset's `supply_distribution`). Bands follow the U.S. DOJ/FTC Horizontal Merger
 * Guidelines (2010, §5.3): below 1 500 unconcentrated, 1 500–2 500 moderately concentrated, above
 * 2 500 highly concentrated.
 */
import { canonicalChain } from "./chains";
import { DECIMALS, roundSharesToSum } from "./precision";

export const HHI_MAX = 10_000;
export const HHI_UNCONCENTRATED_MAX = 1_500;
export const HHI_HIGHLY_CONCENTRATED_MIN = 2_500;

export type ConcentrationLabel = "unconcentrated" | "moderate" | "high" | "unknown";

export interface IssuerSupply {
  issuer: string;
  circulatingUsd: number;
}

export interface IssuerShareRow {
  issuer: string;
  circulatingUsd: number;
  /** Fraction 0–1 of the total, to its unit's last digit; the issuers' shares add up to 1. */
  share: number;
}

export interface IssuerShare {
  issuer: string;
  issuerUsd: number;
  totalUsd: number;
  /** Null when the total is zero. */
  share: number | null;
}

export interface MarketConcentration {
  totalUsd: number;
  /** Largest first. */
  issuers: IssuerShareRow[];
  hhi: number | null;
  label: ConcentrationLabel;
  topIssuer: string | null;
  topIssuerShare: number | null;
}

const positive = (x: number): boolean => Number.isFinite(x) && x > 0;
const issuerKey = (s: string): string => s.trim().toLowerCase();

/** HHI (0–10 000) of any non-negative amounts or shares; null when nothing is positive. */
export function hhi(values: Iterable<number>): number | null {
  const xs = [...values].filter(positive);
  const total = xs.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return null;
  return xs.reduce((acc, x) => acc + (100 * (x / total)) ** 2, 0);
}

export function concentrationLabel(hhiValue: number | null): ConcentrationLabel {
  if (hhiValue === null || !Number.isFinite(hhiValue)) return "unknown";
  if (hhiValue < HHI_UNCONCENTRATED_MAX) return "unconcentrated";
  if (hhiValue > HHI_HIGHLY_CONCENTRATED_MIN) return "high";
  return "moderate";
}

/** Circulating USD per issuer, largest first (first-seen spelling kept). */
function groupByIssuer(supplies: readonly IssuerSupply[]): { issuer: string; usd: number }[] {
  const groups = new Map<string, { issuer: string; usd: number }>();
  for (const s of supplies) {
    if (!positive(s.circulatingUsd)) continue;
    const key = issuerKey(s.issuer);
    const g = groups.get(key) ?? { issuer: s.issuer.trim(), usd: 0 };
    g.usd += s.circulatingUsd;
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.usd - a.usd || a.issuer.localeCompare(b.issuer));
}

/** Each group's share of the total, rounded so the issuers' shares add up to 1. */
function groupShares(groups: readonly { usd: number }[], totalUsd: number): number[] {
  return roundSharesToSum(
    groups.map((g) => (totalUsd > 0 ? g.usd / totalUsd : 0)),
    DECIMALS.fraction,
  );
}

/** One issuer's share of the USD stablecoin market (the same figure as its market row). */
export function issuerShare(issuer: string, supplies: readonly IssuerSupply[]): IssuerShare {
  const groups = groupByIssuer(supplies);
  const totalUsd = groups.reduce((a, g) => a + g.usd, 0);
  const i = groups.findIndex((g) => issuerKey(g.issuer) === issuerKey(issuer));
  const issuerUsd = groups[i]?.usd ?? 0;
  const share = i >= 0 ? (groupShares(groups, totalUsd)[i] as number) : 0;
  return { issuer, issuerUsd, totalUsd, share: totalUsd > 0 ? share : null };
}

/** Market concentration over issuers: per-issuer shares, HHI and the top issuer. */
export function issuerMarketConcentration(supplies: readonly IssuerSupply[]): MarketConcentration {
  const groups = groupByIssuer(supplies);
  const totalUsd = groups.reduce((a, g) => a + g.usd, 0);
  const shares = groupShares(groups, totalUsd);
  const issuers = groups.map((g, i) => ({
    issuer: g.issuer,
    circulatingUsd: g.usd,
    share: shares[i] as number,
  }));
  const h = hhi(groups.map((g) => g.usd));
  const top = issuers[0];
  return {
    totalUsd,
    issuers,
    hhi: h,
    label: concentrationLabel(h),
    topIssuer: top?.issuer ?? null,
    topIssuerShare: top?.share ?? null,
  };
}

/** HHI (0–10 000) of an asset's chain distribution (chain → fraction); null when empty. */
export function chainHhi(distribution: Readonly<Record<string, number>>): number | null {
  return hhi(Object.values(distribution));
}

export interface TreemapLeaf {
  name: string;
  value: number;
}
export interface TreemapIssuerNode {
  name: string;
  children: TreemapLeaf[];
}
export interface TreemapRoot {
  name: string;
  children: TreemapIssuerNode[];
}

export interface IssuerChainValue {
  issuer: string;
  chain: string;
  valueUsd: number;
}

export const TREEMAP_ROOT_NAME = "USD stablecoins";

/**
 * Issuer → chain tree for the treemap. Chains are canonicalised and merged per issuer; zero,
 * negative and non-finite values are dropped, and issuers left without chains are dropped.
 * Issuers and chains are ordered largest first.
 */
export function issuerChainTreemap(
  items: readonly IssuerChainValue[],
  rootName: string = TREEMAP_ROOT_NAME,
): TreemapRoot {
  const byIssuer = new Map<string, { name: string; chains: Map<string, number> }>();
  for (const item of items) {
    if (!positive(item.valueUsd)) continue;
    const key = issuerKey(item.issuer);
    const node = byIssuer.get(key) ?? {
      name: item.issuer.trim(),
      chains: new Map<string, number>(),
    };
    const chain = canonicalChain(item.chain);
    node.chains.set(chain, (node.chains.get(chain) ?? 0) + item.valueUsd);
    byIssuer.set(key, node);
  }
  const sum = (n: TreemapIssuerNode): number => n.children.reduce((a, c) => a + c.value, 0);
  const children = [...byIssuer.values()]
    .map((n) => ({
      name: n.name,
      children: [...n.chains.entries()]
        .map(([name, value]) => ({ name, value }))
        .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name)),
    }))
    .filter((n) => n.children.length > 0)
    .sort((a, b) => sum(b) - sum(a) || a.name.localeCompare(b.name));
  return { name: rootName, children };
}
