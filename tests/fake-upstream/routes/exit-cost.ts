/** Routes of the exit-cost sources: three CEX order books and the DEX quote aggregator. */
import { BOOK_SAMPLES, binanceDepth, coinbaseBook, krakenDepth } from "../data/cex-books";
import { kyberRoutes } from "../data/kyberswap-routes";
import { sampleText } from "../data/samples";
import type { RouteContext, RouteHandler } from "../types";
import { json } from "./respond";

const EMPTY_BOOK = { bids: [], asks: [] };

export function binanceRoute(path: string, url: URL, ctx: RouteContext): RouteHandler | null {
  if (path !== "/api/v3/depth") return null;
  const symbol = url.searchParams.get("symbol") ?? "";
  return (empty) => {
    if (empty) return json(200, { lastUpdateId: 1, ...EMPTY_BOOK });
    if (symbol === BOOK_SAMPLES.binance.pair)
      return json(200, sampleText(BOOK_SAMPLES.binance.file));
    const body = binanceDepth(symbol, ctx.market);
    return body
      ? json(200, body)
      : json(400, sampleText("binance-error-400-invalid-symbol.oas-example.json"));
  };
}

export function krakenRoute(path: string, url: URL, ctx: RouteContext): RouteHandler | null {
  if (path !== "/0/public/Depth") return null;
  const pair = url.searchParams.get("pair") ?? "";
  return (empty) => {
    if (empty) return json(200, { error: [], result: { [pair]: EMPTY_BOOK } });
    if (pair === BOOK_SAMPLES.kraken.pair) return json(200, sampleText(BOOK_SAMPLES.kraken.file));
    const body = krakenDepth(pair, ctx.market, ctx.nowMs);
    // Kraken answers errors with HTTP 200.
    return json(200, body ?? sampleText("kraken-error-unknown-pair.oas-example.json"));
  };
}

export function coinbaseRoute(path: string, url: URL, ctx: RouteContext): RouteHandler | null {
  const m = /^\/products\/([^/]+)\/book$/.exec(path);
  if (!m || url.searchParams.get("level") !== "2") return null;
  const product = decodeURIComponent(m[1] ?? "");
  return (empty) => {
    if (empty) return json(200, { ...EMPTY_BOOK, sequence: 1, auction_mode: false, auction: null });
    if (product === BOOK_SAMPLES.coinbase.pair)
      return json(200, sampleText(BOOK_SAMPLES.coinbase.file));
    const body = coinbaseBook(product, ctx.market, ctx.nowMs);
    return body
      ? json(200, body)
      : json(404, sampleText("coinbase-error-404-notfound.reconstructed.json"));
  };
}

export function kyberswapRoute(path: string, url: URL): RouteHandler | null {
  const m = /^\/([^/]+)\/api\/v1\/routes$/.exec(path);
  if (!m) return null;
  const chain = decodeURIComponent(m[1] ?? "");
  return (empty) => {
    if (empty)
      return json(
        400,
        sampleText("kyberswap-routes-error-4008-route-not-found.reconstructed.json"),
      );
    const answer = kyberRoutes(chain, url.searchParams);
    return json(answer.status, answer.body);
  };
}
