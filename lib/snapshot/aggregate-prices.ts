/** The aggregate's daily price table of every stablecoin, one key for the whole market. */
import { z } from "zod";
import type { DailyPriceTable } from "@/lib/providers/defillama/prices";
import { fetchStablecoinPrices } from "@/lib/providers/defillama/prices";
import { ownRecord } from "@/lib/providers/parse";
import type { CachedRead } from "./read-through";
import { readFamily, type ReadOpts } from "./reader";

export const AGGREGATE_PRICES_KEY = "history:v1:defillama:stablecoinprices";

const tableShape: z.ZodType<DailyPriceTable> = z.object({
  datesMs: z.array(z.number()),
  prices: ownRecord(z.array(z.number().nullable())),
});

export function readAggregatePrices(opts?: ReadOpts): Promise<CachedRead<DailyPriceTable>> {
  return readFamily({
    family: "history:aggregate-prices",
    key: AGGREGATE_PRICES_KEY,
    schema: tableShape,
    fetch: () => fetchStablecoinPrices(),
    isEmpty: (t) => t.datesMs.length === 0,
    opts,
  });
}
