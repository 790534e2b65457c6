/**
 * A coin the data overlay names no issuer for has an unknown issuer: counted apart from the
 * known issuers, never as an issuer of its own.
 */
import type { AggregateAsset } from "@/lib/domain/types";

const asset = (id: string, circulatingUsd: number): AggregateAsset => ({
  id,
  name: `Asset ${id}`,
  symbol: `A${id}`,
  geckoId: null,
  pegType: "peggedUSD",
  backing: null,
  priceUsd: 1,
  circulatingUsd,
  circulatingPrevDayUsd: null,
  circulatingPrevWeekUsd: null,
  circulatingPrevMonthUsd: null,
  chainCirculating: {
    ethereum: {
      currentUsd: circulatingUsd,
      prevDayUsd: null,
      prevWeekUsd: null,
      prevMonthUsd: null,
    },
  },
  chains: ["ethereum"],
  deprecated: false,
  delisted: false,
  yieldBearing: false,
});

// DefiLlama ids 1 and 2 are Tether's and Circle's in the overlay; the others are in no overlay.
const ASSETS = [asset("1", 180e9), asset("2", 70e9), asset("9000001", 3e6), asset("9000002", 2e6)];

jest.mock("@/lib/snapshot/live", () => ({
  readAggregate: async () => ({
    value: { assets: ASSETS },
    source: "cache",
    storedAt: Date.UTC(2026, 0, 1),
  }),
}));

import { getIssuers } from "@/lib/issuers";
import { issuerCoverage } from "@/lib/issuers/coverage";
import { listedAssets } from "@/lib/supply/panel";

describe("issuer coverage", () => {
  it("counts coins without a known issuer apart from the known issuers", async () => {
    const r = await getIssuers();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body.concentration.coverage).toEqual({
      coins: 4,
      coins_with_known_issuer: 2,
      coins_with_unknown_issuer: 2,
      known_issuers: 2,
      unknown_issuer_circulating_usd: 5e6,
    });
    // The existing fields keep their meaning: the tree still shows each under its asset name.
    expect(
      r.body.tree.children.filter((n) => n.issuer_source === "asset-name").map((n) => n.name),
    ).toEqual(["Asset 9000001", "Asset 9000002"]);
  });

  it("counts an issuer of several coins once", () => {
    // DefiLlama ids 5 (DAI) and 209 (USDS) are both Sky's in the overlay.
    const sky = listedAssets([asset("5", 5e9), asset("209", 7e9)]);
    expect(issuerCoverage(sky)).toMatchObject({ coins: 2, known_issuers: 1 });
  });
});
