/**
 * Issue 25 §6, "unmeasured stays null": with no listed USD asset (here: only a EUR one and one
 * without a circulating record) the issuer HHI and the supply are unknown, never 0.
 */
import type { AggregateAsset } from "@/lib/domain/types";
import { ENTRY } from "@/tests/helpers/asset-context";

const asset = (id: string, over: Partial<AggregateAsset>): AggregateAsset => ({
  ...ENTRY,
  id,
  name: `Asset ${id}`,
  symbol: `A${id}`,
  geckoId: null,
  ...over,
});

jest.mock("@/lib/snapshot/live", () => ({
  readAggregate: async () => ({
    value: {
      assets: [asset("1", { pegType: "peggedEUR" }), asset("2", { circulatingUsd: null })],
    },
    source: "cache",
    storedAt: Date.UTC(2026, 0, 1),
  }),
}));

import { getIssuers } from "@/lib/issuers";
import { listedAssets } from "@/lib/supply/panel";

describe("nothing measured is unknown, not zero", () => {
  it("the issuer HHI of an empty listing is null", async () => {
    const r = await getIssuers();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body.concentration.hhi).toBeNull();
    expect(r.body.concentration.top_issuer).toBeNull();
  });

  it("an asset without a circulating record is not listed (not listed at 0)", () => {
    expect(listedAssets([asset("2", { circulatingUsd: null })])).toEqual([]);
  });
});
