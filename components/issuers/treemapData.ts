/** Issuer × chain tree → the tree the treemap lays out. Presentation only (grouping, labels). */
import { chainLabel } from "@/components/format";
import type { IssuersResponse } from "@/lib/issuers/schema";

/** The part of the issuers tree the treemap and its table use (the API tree fits it). */
export interface IssuerTree {
  name: string;
  children: {
    name: string;
    value: number;
    assets: string[];
    children: { name: string; value: number }[];
  }[];
}

/** The tree as the page sends it to the browser: chains as [name, USD] pairs, whole dollars. */
export interface CompactIssuer {
  name: string;
  value: number;
  assets: string[];
  chains: [string, number][];
}

export function compactTree(tree: IssuersResponse["tree"]): CompactIssuer[] {
  return tree.children.map((i) => ({
    name: i.name,
    value: Math.round(i.value),
    assets: i.assets,
    chains: i.children.map((c): [string, number] => [c.name, Math.round(c.value)]),
  }));
}

/** Back to the tree shape the treemap and the table read. */
export function expandTree(issuers: readonly CompactIssuer[]): IssuerTree {
  return {
    name: "USD stablecoins",
    children: issuers.map((i) => ({
      name: i.name,
      value: i.value,
      assets: i.assets,
      children: i.chains.map(([name, value]) => ({ name, value })),
    })),
  };
}

export interface TreemapDatum {
  name: string;
  /** Only on leaves: the layout sums children, so a parent value would be counted twice. */
  value?: number;
  /** Issuer of a leaf, for the tooltip. */
  issuer?: string;
  children?: TreemapDatum[];
}

/** Chains per issuer drawn as their own tile; the rest share one "Other chains" tile. */
export const MAX_CHAIN_TILES = 6;
/** In one issuer's drill-down view there is room for more chain tiles. */
export const MAX_DRILL_CHAIN_TILES = 24;

export function toTreemapData(tree: IssuerTree, maxChains: number = MAX_CHAIN_TILES): TreemapDatum {
  const children: TreemapDatum[] = [];
  for (const issuer of tree.children) {
    if (!(issuer.value > 0)) continue;
    const chains = issuer.children.filter((c) => c.value > 0).sort((a, b) => b.value - a.value);
    if (chains.length === 0) {
      children.push({
        name: issuer.name,
        children: [{ name: "All chains", value: issuer.value, issuer: issuer.name }],
      });
      continue;
    }
    const shown = chains
      .slice(0, maxChains)
      .map((c) => ({ name: chainLabel(c.name), value: c.value, issuer: issuer.name }));
    const rest = chains.slice(maxChains);
    if (rest.length > 0) {
      shown.push({
        name: `${rest.length} other ${rest.length === 1 ? "chain" : "chains"}`,
        value: rest.reduce((s, c) => s + c.value, 0),
        issuer: issuer.name,
      });
    }
    children.push({ name: issuer.name, children: shown });
  }
  return { name: tree.name, children };
}

/** The whole tree, or one issuer's chains when `issuer` names a listed issuer. */
export function issuerTreemapData(tree: IssuerTree, issuer: string | null): TreemapDatum {
  const one = issuer === null ? null : tree.children.find((c) => c.name === issuer);
  if (!one) return toTreemapData(tree);
  return toTreemapData({ ...tree, children: [one] }, MAX_DRILL_CHAIN_TILES);
}
