/**
 * Issuer exposure (scheduled snapshot, docs/route-contract.md): the share of each asset's supply held by
 * its own minting and redemption entities (treasuries, PSMs), from public, source-backed labels.
 *
 *   share = Σ balance of labelled issuer entities ÷ Σ total_supply over the chains covered
 *
 * `total_supply` repeats on every entity row of a (token, chain); it is counted once per chain.
 */
import type { IssuerExposureRow } from "@/lib/snapshot/query-rows";

export interface IssuerExposure {
  token_symbol: string;
  issuer: string;
  held_by_issuer_entities_tokens: number;
  total_supply_tokens: number;
  share_of_supply: number | null;
  chains: string[];
  entities: { label: string; chain: string; label_source: string }[];
}

export function issuerExposure(rows: readonly IssuerExposureRow[]): IssuerExposure[] {
  const byToken = new Map<string, { rows: IssuerExposureRow[] }>();
  for (const r of rows) {
    const key = r.token_symbol.toLowerCase();
    const g = byToken.get(key) ?? { rows: [] };
    g.rows.push(r);
    byToken.set(key, g);
  }
  const out: IssuerExposure[] = [];
  for (const { rows: group } of byToken.values()) {
    const first = group[0];
    if (!first) continue;
    const supplyByChain = new Map<string, number>();
    let held = 0;
    const entities = new Map<string, { label: string; chain: string; label_source: string }>();
    for (const r of group) {
      supplyByChain.set(
        r.blockchain,
        Math.max(supplyByChain.get(r.blockchain) ?? 0, r.total_supply),
      );
      held += r.balance;
      entities.set(`${r.blockchain}:${r.entity_address}`, {
        label: r.entity_label,
        chain: r.blockchain,
        label_source: r.label_source,
      });
    }
    const total = [...supplyByChain.values()].reduce((a, b) => a + b, 0);
    out.push({
      token_symbol: first.token_symbol,
      issuer: first.issuer,
      held_by_issuer_entities_tokens: held,
      total_supply_tokens: total,
      share_of_supply: total > 0 ? Math.min(1, held / total) : null,
      chains: [...supplyByChain.keys()].sort(),
      entities: [...entities.values()],
    });
  }
  return out.sort((a, b) => a.token_symbol.localeCompare(b.token_symbol));
}
