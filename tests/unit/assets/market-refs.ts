/** The recorded aggregate lists (fixture world and full market) as the resolver sees them. */
import type { AggregateRef } from "@/lib/assets/resolve";
import { AGGREGATE_SAMPLE, sampleJson } from "@/tests/fake-upstream/data/samples";
import type { Market } from "@/tests/fake-upstream/types";

interface RawAsset {
  id: string;
  symbol: string;
  name: string;
  gecko_id: string | null;
  pegType: string;
  pegMechanism: AggregateRef["backing"];
  circulating: Record<string, number>;
}

const toRef = (a: RawAsset): AggregateRef => ({
  id: a.id,
  symbol: a.symbol,
  name: a.name,
  geckoId: a.gecko_id,
  pegType: a.pegType,
  backing: a.pegMechanism,
  circulatingUsd: a.circulating[a.pegType] ?? 0,
});

export const aggregateRefs = (market: Market): AggregateRef[] =>
  sampleJson<{ peggedAssets: RawAsset[] }>(AGGREGATE_SAMPLE[market]).peggedAssets.map(toRef);
