/**
 * Known routes per provider (docs/route-contract.md "Upstream calls"). Each returns a handler for a matching GET, or null
 * (→ the server answers 501 "no fixture").
 */
import { coinDetail } from "../data/coingecko-detail";
import { coinsMarkets, marketEntry } from "../data/coingecko-markets";
import { marketChart, parseDays } from "../data/coingecko-chart";
import { coinTickers } from "../data/coingecko-tickers";
import { allStablecoinsChart, stablecoinChart } from "../data/defillama-charts";
import { chainChart, stablecoinChains, stablecoinDetail } from "../data/defillama-chains";
import { stablecoinPrices } from "../data/defillama-prices";
import { tokenPairs } from "../data/dexscreener-pairs";
import { coinsChart, pricesCurrent } from "../data/defillama-coins";
import { duneResults } from "../data/dune-results";
import { fullCoinsMarkets, fullMarketEntry, fullMarketHasNoTickers } from "../data/full-market";
import { fullMarketTokenPairs } from "../data/full-market-pairs";
import { AGGREGATE_SAMPLE, sampleText } from "../data/samples";
import type { AnyProvider, RouteContext, RouteHandler } from "../types";
import { json, text } from "./respond";
import { binanceRoute, coinbaseRoute, krakenRoute, kyberswapRoute } from "./exit-cost";

const LLAMA_HEADERS = {
  "cache-control": "public, max-age=1800",
  "access-control-allow-origin": "*",
};
const CG_NOT_FOUND = { error: "coin not found" };

function defillama(path: string, url: URL, ctx: RouteContext): RouteHandler | null {
  if (path === "/stablecoins") {
    return (empty) =>
      json(
        200,
        empty ? { peggedAssets: [], chains: [] } : sampleText(AGGREGATE_SAMPLE[ctx.market]),
        LLAMA_HEADERS,
      );
  }
  if (path === "/stablecoinprices") {
    return (empty) =>
      json(200, empty ? [] : stablecoinPrices(ctx.nowMs, ctx.market), LLAMA_HEADERS);
  }
  if (path === "/stablecoincharts/all") {
    const id = url.searchParams.get("stablecoin");
    return (empty) => {
      if (empty) return json(200, [], LLAMA_HEADERS);
      if (id === null) return json(200, allStablecoinsChart(ctx.nowMs, ctx.market), LLAMA_HEADERS);
      const series = stablecoinChart(id, ctx.nowMs, ctx.market);
      return series ? json(200, series, LLAMA_HEADERS) : text(404, "Invalid request");
    };
  }
  if (path === "/stablecoinchains")
    return (empty) => json(200, empty ? [] : stablecoinChains(ctx.market), LLAMA_HEADERS);
  let m = /^\/stablecoincharts\/([^/]+)$/.exec(path);
  if (m) {
    const series = chainChart(decodeURIComponent(m[1] ?? ""), ctx.nowMs, ctx.market);
    return (empty) =>
      series ? json(200, empty ? [] : series, LLAMA_HEADERS) : text(404, "Invalid request");
  }
  m = /^\/stablecoin\/([^/]+)$/.exec(path);
  if (m) {
    const body = stablecoinDetail(decodeURIComponent(m[1] ?? ""), ctx.nowMs, ctx.market);
    return (empty) =>
      body
        ? json(200, empty ? { ...body, chainBalances: {} } : body, LLAMA_HEADERS)
        : text(404, "Invalid request");
  }
  return null;
}

function coingecko(path: string, url: URL, ctx: RouteContext): RouteHandler | null {
  const q = url.searchParams;
  const full = ctx.market === "full";
  const lookup = full ? fullMarketEntry : marketEntry;
  if (path === "/coins/markets") {
    return (empty) => {
      const vs = q.get("vs_currency");
      if (!vs) return json(400, { error: "Missing parameter vs_currency" });
      if (vs.toLowerCase() !== "usd")
        return json(400, { error: `fake-upstream: only vs_currency=usd is served, got ${vs}` });
      if (empty) return json(200, []);
      const ids = q.get("ids");
      const list = ids === null ? null : ids.split(",");
      if (full)
        return json(200, fullCoinsMarkets(list, ctx.nowMs, q.get("per_page"), q.get("page")));
      return json(200, coinsMarkets(list, ctx.nowMs, q.get("per_page"), q.get("page")));
    };
  }
  let m = /^\/coins\/([^/]+)\/market_chart$/.exec(path);
  if (m) {
    const id = decodeURIComponent(m[1] ?? "");
    return (empty) => {
      if (!q.get("vs_currency")) return json(400, { error: "Missing parameter vs_currency" });
      const days = parseDays(q.get("days"));
      if (days === null) return json(400, { error: "Missing parameter days" });
      const chart = marketChart(id, days, ctx.nowMs, lookup);
      if (!chart) return json(404, CG_NOT_FOUND);
      return json(200, empty ? { prices: [], market_caps: [], total_volumes: [] } : chart);
    };
  }
  m = /^\/coins\/([^/]+)\/tickers$/.exec(path);
  if (m) {
    const id = decodeURIComponent(m[1] ?? "");
    return (empty) => {
      const body = coinTickers(id, ctx.nowMs, q.get("depth") === "true", lookup);
      if (!body) return json(404, CG_NOT_FOUND);
      const none = empty || (full && fullMarketHasNoTickers(id));
      return json(200, none ? { name: body.name, tickers: [] } : body);
    };
  }
  m = /^\/coins\/([^/]+)$/.exec(path);
  if (m) {
    const id = decodeURIComponent(m[1] ?? "");
    return (empty) => {
      const body = coinDetail(id, ctx.market);
      if (!body) return json(404, CG_NOT_FOUND);
      return json(200, empty ? { ...body, platforms: {}, detail_platforms: {} } : body);
    };
  }
  return null;
}

function dexscreener(path: string, ctx: RouteContext): RouteHandler | null {
  const m = /^\/token-pairs\/v1\/([^/]+)\/([^/]+)$/.exec(path);
  if (!m) return null;
  const chain = decodeURIComponent(m[1] ?? "");
  const address = decodeURIComponent(m[2] ?? "");
  const pairs = ctx.market === "full" ? fullMarketTokenPairs : tokenPairs;
  return (empty) => json(200, empty ? [] : pairs(chain, address));
}

function parseNonNegInt(v: string | null): number | null {
  if (v === null || !/^\d+$/.test(v)) return null;
  return Number(v);
}

function dune(path: string, url: URL, ctx: RouteContext): RouteHandler | null {
  const m = /^\/query\/([^/]+)\/results$/.exec(path);
  if (!m) return null;
  const queryId = decodeURIComponent(m[1] ?? "");
  return (empty) => {
    const key = ctx.headers["x-dune-api-key"];
    if (typeof key !== "string" || key.trim() === "") {
      return json(401, sampleText("dune-error-401-missing-api-key.reconstructed.json"));
    }
    const body = duneResults({
      queryId,
      // limit=0 / absent / invalid → all rows (never a zero-row page with a next_offset).
      limit: parseNonNegInt(url.searchParams.get("limit")) || null,
      offset: parseNonNegInt(url.searchParams.get("offset")) ?? 0,
      empty,
      nowMs: ctx.nowMs,
      apiBase: ctx.apiBase,
    });
    return body
      ? json(200, body)
      : json(404, sampleText("dune-error-404-query-not-found-or-private.json"));
  };
}

function defillamaCoins(path: string, url: URL, ctx: RouteContext): RouteHandler | null {
  let m = /^\/prices\/current\/([^/]+)$/.exec(path);
  if (m) {
    const keys = decodeURIComponent(m[1] ?? "");
    return (empty) => json(200, empty ? { coins: {} } : pricesCurrent(keys, ctx.nowMs, ctx.market));
  }
  m = /^\/chart\/([^/]+)$/.exec(path);
  if (m) {
    const keys = decodeURIComponent(m[1] ?? "");
    return (empty) => {
      const answer = coinsChart(keys, url.searchParams, ctx.nowMs, ctx.market);
      return json(answer.status, empty && answer.status === 200 ? { coins: {} } : answer.body);
    };
  }
  return null;
}

export function matchRoute(
  provider: AnyProvider,
  path: string,
  url: URL,
  ctx: RouteContext,
): RouteHandler | null {
  switch (provider) {
    case "defillama":
      return defillama(path, url, ctx);
    case "coingecko":
      return coingecko(path, url, ctx);
    case "dexscreener":
      return dexscreener(path, ctx);
    case "dune":
      return dune(path, url, ctx);
    case "defillama-coins":
      return defillamaCoins(path, url, ctx);
    case "binance":
      return binanceRoute(path, url, ctx);
    case "kraken":
      return krakenRoute(path, url, ctx);
    case "coinbase":
      return coinbaseRoute(path, url, ctx);
    case "kyberswap":
      return kyberswapRoute(path, url);
  }
}
