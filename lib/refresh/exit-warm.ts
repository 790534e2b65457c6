/**
 * Warms one coin's exit-cost inputs at the default ladder through the read path (no route
 * builder): its asset context (quote, tickers, pools), then each order book the tickers list and
 * each DEX quote per chain and size, one read at a time. One at a time, so a pass keeps to the
 * DEX aggregator's per-second budget by waiting for the next second (`lib/budget/calls.ts`)
 * instead of firing a whole ladder at once and having most of it refused.
 */
import { loadAssetContext } from "@/lib/assets/context";
import {
  cexMarkets,
  decimalsLookup,
  dexQuoteRequest,
  dexTargets,
  exitPriceUsd,
} from "@/lib/assets/exit-venues";
import { readDexQuote, readOrderBook } from "@/lib/snapshot/exit-cost";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

/** A failed read is in the warm ledger already (the read layer counts it): go on with the next. */
const ignore = () => undefined;

export async function warmExitCost(
  defillamaId: string,
  sizesUsd: readonly number[],
  opts: ReadOpts,
): Promise<void> {
  const r = await loadAssetContext(defillamaId, { quote: true, tickers: true, pools: true }, opts);
  if (!r.ok) return;
  const { ctx } = r;
  for (const m of cexMarkets(ctx.asset.symbol, ctx.tickers?.value ?? []))
    await readOrderBook(m.exchange, m.pair, opts).catch(ignore);
  const priceUsd = exitPriceUsd(ctx);
  for (const target of dexTargets(ctx, await decimalsLookup(ctx, opts)))
    for (const sizeUsd of sizesUsd) {
      const req = dexQuoteRequest(target, sizeUsd, priceUsd);
      if (req) await readDexQuote(req, opts).catch(ignore);
    }
}
