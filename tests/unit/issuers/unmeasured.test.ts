/**
 * Issue 25 §6, "unmeasured stays null": with no listed USD asset (here: only a EUR one and one
 * without a circulating record) the issuer HHI and the supply are unknown, never 0.
 */
import type { AggregateAsset } from "@/lib/domain/types";

const asset = (id: string, over: Partial<AggregateAsset>): AggregateAsset => ({
  id,
  name: `Asset ${id}`,
  symbol: `A${id}`,
  geckoId: null,
  pegType: "peggedUSD",
  backing: null,
  priceUsd: 1,
  circulatingUsd: 1_000,
  circulatingPrevDayUsd: null,
  circulatingPrevWeekUsd: null,
  circulatingPrevMonthUsd: null,
  chainCirculating: {},
  chains: [],
  deprecated: false,
  delisted: false,
  yieldBearing: false,
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
