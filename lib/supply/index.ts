/** GET /api/stablecoin-supply: the panel and rail from the 6-hour durable aggregate cache. */
import { canonicalSelectorsOf } from "@/lib/assets/selector";
import { W } from "@/lib/assets/warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import { getConfig } from "@/lib/config";
import { isoOrNull } from "@/lib/domain/time";
import { readAggregate } from "@/lib/snapshot/live";
import { peekQuoteBatch } from "@/lib/snapshot/market-batch";
import { calledUpstream } from "@/lib/snapshot/read-through";
import { buildSupplyPanel } from "./panel";
import type { SupplyResponse } from "./schema";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export const SUPPLY_METHOD =
  "USD-pegged assets ranked by circulating USD; dead coins (DefiLlama deadFrom, delisted or deprecated) are left out of the list, the total and the rail unless include_dead=true. Net change = circulating − circulating 7 or 30 days earlier, from the aggregate. Rail mover: current and previous-week supply both above 5,000,000 USD. See /methodology#supply.";

export type SupplyResult =
  | {
      ok: true;
      body: Omit<SupplyResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; warning: string };

export async function getSupplyPanel(
  readOpts?: ReadOpts,
  input: { includeDead?: boolean } = {},
): Promise<SupplyResult> {
  let read;
  try {
    read = await readAggregate(readOpts);
  } catch {
    return { ok: false, warning: W.aggregateUnavailable.message };
  }
  const stale = read.source === "stale";
  // Cache-only: the home page never waits on, or pays for, the market provider.
  const quotes = await peekQuoteBatch(readOpts).catch(() => null);
  const market = new Map(
    (quotes?.value.quotes ?? []).flatMap((q) =>
      q.priceUsd === null ? [] : [[q.coingeckoId, q.priceUsd] as const],
    ),
  );
  const warnings = stale ? [W.aggregateStale(read.storedAt, read.error)] : [];
  return {
    ok: true,
    degraded: stale,
    upstream: calledUpstream(read),
    body: {
      ...buildSupplyPanel(read.value.assets, {
        includeDead: input.includeDead ?? false,
        market,
        selectors: canonicalSelectorsOf({ storedAt: read.storedAt, assets: read.value.assets }),
      }),
      metadata: {
        source: { name: "DefiLlama", type: "aggregate", latency: "low" },
        as_of: new Date(read.storedAt).toISOString(),
        prices_as_of: isoOrNull(quotes?.storedAt ?? null),
        stale,
        cache_ttl_seconds: getConfig().ttlSeconds.supplyPanel,
        method: SUPPLY_METHOD,
      },
      ...warningFields(warnings),
    },
  };
}
