/**
 * Known routes per provider (docs/route-contract.md "Upstream calls"). Each returns a handler for a matching GET, or null
 * (→ the server answers 501 "no fixture").
 */
import { coinsMarkets } from "../data/coingecko-markets";
import { marketChart, parseDays } from "../data/coingecko-chart";
import { coinTickers } from "../data/coingecko-tickers";
import { allStablecoinsChart, stablecoinChart } from "../data/defillama-charts";
import { tokenPairs } from "../data/dexscreener-pairs";
import { duneResults } from "../data/dune-results";
import { sampleText } from "../data/samples";
import type { Provider, RouteContext, RouteHandler } from "../types";
import { json, text } from "./respond";

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
        empty ? { peggedAssets: [], chains: [] } : sampleText("defillama-stablecoins.json"),
        LLAMA_HEADERS,
      );
  }
  if (path === "/stablecoincharts/all") {
    const id = url.searchParams.get("stablecoin");
    return (empty) => {
      if (empty) return json(200, [], LLAMA_HEADERS);
      if (id === null) return json(200, allStablecoinsChart(ctx.nowMs), LLAMA_HEADERS);
      const series = stablecoinChart(id, ctx.nowMs);
      return series ? json(200, series, LLAMA_HEADERS) : text(404, "Invalid request");
    };
  }
  return null;
}

function coingecko(path: string, url: URL, ctx: RouteContext): RouteHandler | null {
  const q = url.searchParams;
  if (path === "/coins/markets") {
    return (empty) => {
      const vs = q.get("vs_currency");
      if (!vs) return json(400, { error: "Missing parameter vs_currency" });
      if (vs.toLowerCase() !== "usd")
        return json(400, { error: `fake-upstream: only vs_currency=usd is served, got ${vs}` });
      if (empty) return json(200, []);
      const ids = q.get("ids");
      return json(200, coinsMarkets(ids === null ? null : ids.split(","), ctx.nowMs));
    };
  }
  let m = /^\/coins\/([^/]+)\/market_chart$/.exec(path);
  if (m) {
    const id = decodeURIComponent(m[1] ?? "");
    return (empty) => {
      if (!q.get("vs_currency")) return json(400, { error: "Missing parameter vs_currency" });
      const days = parseDays(q.get("days"));
      if (days === null) return json(400, { error: "Missing parameter days" });
      const chart = marketChart(id, days, ctx.nowMs);
      if (!chart) return json(404, CG_NOT_FOUND);
      return json(200, empty ? { prices: [], market_caps: [], total_volumes: [] } : chart);
    };
  }
  m = /^\/coins\/([^/]+)\/tickers$/.exec(path);
  if (m) {
    const id = decodeURIComponent(m[1] ?? "");
    return (empty) => {
      const body = coinTickers(id, ctx.nowMs, q.get("depth") === "true");
      if (!body) return json(404, CG_NOT_FOUND);
      return json(200, empty ? { name: body.name, tickers: [] } : body);
    };
  }
  return null;
}

function dexscreener(path: string): RouteHandler | null {
  const m = /^\/token-pairs\/v1\/([^/]+)\/([^/]+)$/.exec(path);
  if (!m) return null;
  const chain = decodeURIComponent(m[1] ?? "");
  const address = decodeURIComponent(m[2] ?? "");
  return (empty) => json(200, empty ? [] : tokenPairs(chain, address));
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

export function matchRoute(
  provider: Provider,
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
      return dexscreener(path);
    case "dune":
      return dune(path, url, ctx);
  }
}
