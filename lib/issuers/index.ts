/**
 * GET /api/stablecoin-issuers: market cap by issuer × chain for the treemap, issuer
 * concentration of the USD stablecoin market (HHI, top-issuer share), and issuer exposure from
 * the scheduled on-chain snapshot. Issuers come from the data overlay; an asset it does not
 * name stands in the tree under its asset name (`issuer_source: "asset-name"`) but is counted
 * as an unknown issuer, apart from the known ones (`concentration.coverage`).
 */
import { W, type Warning } from "@/lib/assets/warnings";
import { snapshotWarnings } from "@/lib/assets/snapshot-warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import {
  issuerChainTreemap,
  issuerMarketConcentration,
  TREEMAP_ROOT_NAME,
} from "@/lib/domain/concentration";
import { readAggregate } from "@/lib/snapshot/live";
import { calledUpstream } from "@/lib/snapshot/read-through";
import { readSnapshot } from "@/lib/snapshot/snapshots";
import { issuerOf, listedAssets } from "@/lib/supply/panel";
import { issuerCoverage } from "./coverage";
import { issuerExposure } from "./exposure";
import type { IssuersResponse } from "./schema";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export const CONCENTRATION_METHOD =
  "HHI = Σ (issuer share in %)² over issuers of the listed USD stablecoins, 0–10 000; below 1 500 unconcentrated, above 2 500 highly concentrated. See /methodology#concentration.";

export type IssuersResult =
  | {
      ok: true;
      body: Omit<IssuersResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; warning: string };

export async function getIssuers(readOpts?: ReadOpts): Promise<IssuersResult> {
  const [aggregate, exposure] = await Promise.all([
    readAggregate(readOpts).catch(() => null),
    readSnapshot("issuerExposure", readOpts),
  ]);
  if (!aggregate) return { ok: false, warning: W.aggregateUnavailable.message };

  const warnings: Warning[] = [];
  if (aggregate.source === "stale")
    warnings.push(W.aggregateStale(aggregate.storedAt, aggregate.error));
  warnings.push(...snapshotWarnings(exposure));

  const assets = listedAssets(aggregate.value.assets);
  const issuerName = (a: (typeof assets)[number]) => issuerOf(a) ?? a.name;
  const tree = issuerChainTreemap(
    assets.flatMap((a) =>
      Object.entries(a.chainCirculating).map(([chain, v]) => ({
        issuer: issuerName(a),
        chain,
        valueUsd: v.currentUsd,
      })),
    ),
  );
  const assetsByIssuer = new Map<string, string[]>();
  for (const a of assets)
    assetsByIssuer.set(issuerName(a), [...(assetsByIssuer.get(issuerName(a)) ?? []), a.symbol]);
  const fromRegistry = new Set(assets.filter((a) => issuerOf(a) !== null).map(issuerName));
  const market = issuerMarketConcentration(
    assets.map((a) => ({ issuer: issuerName(a), circulatingUsd: a.circulatingUsd })),
  );

  const sources: IssuersResponse["metadata"]["sources"] = [
    {
      name: "DefiLlama",
      type: "aggregate",
      latency: "low",
      as_of: new Date(aggregate.storedAt).toISOString(),
    },
  ];
  if (exposure.ok)
    sources.push({
      name: "Dune",
      type: "on-chain-scheduled",
      last_updated: exposure.executionEndedAt,
    });

  return {
    ok: true,
    degraded: warnings.length > 0,
    upstream: calledUpstream(aggregate) || (exposure.ok && calledUpstream(exposure)),
    body: {
      tree: {
        name: TREEMAP_ROOT_NAME,
        children: tree.children.map((n) => ({
          name: n.name,
          issuer_source: fromRegistry.has(n.name) ? "registry" : "asset-name",
          value: n.children.reduce((s, c) => s + c.value, 0),
          assets: assetsByIssuer.get(n.name) ?? [],
          children: n.children,
        })),
      },
      concentration: {
        hhi: market.hhi,
        top_issuer: market.topIssuer
          ? { name: market.topIssuer, share_pct: (market.topIssuerShare ?? 0) * 100 }
          : null,
        issuers: market.issuers.map((i) => ({
          name: i.issuer,
          share_pct: i.share * 100,
          circulating_usd: i.circulatingUsd,
        })),
        method: CONCENTRATION_METHOD,
        coverage: issuerCoverage(assets),
      },
      exposure: exposure.ok ? issuerExposure(exposure.rows) : [],
      metadata: { sources, total_circulating_usd: market.totalUsd },
      ...warningFields(warnings),
    },
  };
}
