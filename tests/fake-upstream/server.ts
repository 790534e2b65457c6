/**
 * Fake upstream for all four providers on one loopback `node:http` server, under path prefixes:
 *   /llama             DefiLlama stablecoins  (STABLECOINS_API_URL)
 *   /coingecko/api/v3  CoinGecko              (COINGECKO_API_URL)
 *   /dexscreener       DexScreener            (DEXSCREENER_API_URL)
 *   /dune/api/v1       Dune                   (DUNE_API_URL)
 *   /llama-coins       DefiLlama coins        (DEFILLAMA_COINS_API_URL)
 *   /binance, /kraken, /coinbase, /kyberswap   exit-cost books and DEX quotes (see routes/exit-cost.ts)
 * plus `/__control/*` for out-of-process tests. A second tiny server is the target of the
 * `redirect` scenario and records every hit. See README.md in this folder.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { matchRoute } from "./routes";
import { json } from "./routes/respond";
import {
  DEFAULT_SLOW_MS,
  drip,
  send,
  staticScenarioResponse,
  streamOversized,
  type Lifecycle,
} from "./scenarios";
import { transformedResponse } from "./transforms";
import { historyControl, type HistoryState } from "./history-control";
import {
  downAnswer,
  historyAnswer,
  historyEpisodesSchema,
  type HistoryEpisode,
} from "./history-mode";
import {
  DUNE_ONLY_SCENARIOS,
  MARKETS,
  ALL_PROVIDERS,
  SCENARIOS,
  type AnyProvider,
  type BaseUrls,
  type FakeUpstream,
  type FakeUpstreamOptions,
  type LoggedRequest,
  type Market,
  type RedirectHit,
  type Scenario,
  type ScenarioOptions,
} from "./types";

export * from "./types";
export type { HistoryEpisode } from "./history-mode";
export { BOOK_EXCHANGE_NAMES } from "./history-mode";
export {
  CEX_FLOW_ROW_COUNT,
  DEMO_DUNE_QUERY_IDS,
  DEMO_REPEATED_WALLETS,
  DEX_QUIRKS,
  PEG_EPISODES,
  PEG_NOISE_BPS,
  duneExecutionEndedAt,
} from "./constants";
export { TRACKED_COINGECKO_IDS } from "./data/assets";
export {
  FULL_MARKET_TICKERS_MIN_CAP_USD,
  FULL_MARKET_UNKNOWN_COINGECKO_IDS,
  fullMarketEntry,
  fullMarketHasNoTickers,
  fullMarketKnownIds,
} from "./data/full-market";
export { coinDetail } from "./data/coingecko-detail";
export { fullMarketAddressHasPools } from "./data/full-market-pairs";
export { DEFILLAMA_COINS_OFFSETS_BPS, defillamaCoinPrice } from "./data/defillama-coins";

/** `FAKE_UPSTREAM_MARKET=full` (or `fixture`) → that market; anything else → undefined. */
export function marketFromEnv(value: string | undefined): Market | undefined {
  return (MARKETS as readonly string[]).includes(value ?? "") ? (value as Market) : undefined;
}

export const PROVIDER_PREFIXES: Readonly<Record<AnyProvider, string>> = {
  defillama: "/llama",
  coingecko: "/coingecko/api/v3",
  dexscreener: "/dexscreener",
  dune: "/dune/api/v1",
  "defillama-coins": "/llama-coins",
  binance: "/binance",
  kraken: "/kraken",
  coinbase: "/coinbase",
  kyberswap: "/kyberswap",
};

interface ActiveScenario {
  scenario: Scenario;
  opts: ScenarioOptions;
  remaining?: number;
}

function flatHeaders(h: IncomingMessage["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

function splitProvider(pathname: string): { provider: AnyProvider; rest: string } | null {
  for (const p of ALL_PROVIDERS) {
    const prefix = PROVIDER_PREFIXES[p];
    if (pathname === prefix || pathname.startsWith(prefix + "/")) {
      return { provider: p, rest: pathname.slice(prefix.length) || "/" };
    }
  }
  return null;
}

export function validateScenario(provider: unknown, scenario: unknown): string | null {
  if (!(ALL_PROVIDERS as readonly unknown[]).includes(provider))
    return `unknown provider ${String(provider)}`;
  if (!(SCENARIOS as readonly unknown[]).includes(scenario))
    return `unknown scenario ${String(scenario)}`;
  if (provider !== "dune" && DUNE_ONLY_SCENARIOS.includes(scenario as Scenario)) {
    return `scenario ${String(scenario)} is Dune-only`;
  }
  return null;
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function trackSockets(server: http.Server, sockets: Set<Socket>): void {
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
}

function readBody(req: IncomingMessage, limit = 65_536): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      data += c;
      if (data.length > limit) reject(new Error("control body too large"));
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const host = options.host ?? "127.0.0.1";
  const history: HistoryState = { nowMs: null, episodes: [] };
  const now = () => history.nowMs ?? (options.now ?? Date.now)();
  let market: Market = options.market ?? "fixture";
  const scenarios = new Map<AnyProvider, ActiveScenario>();
  const log: LoggedRequest[] = [];
  const hits: RedirectHit[] = [];
  const sockets = new Set<Socket>();
  const life: Lifecycle = { timers: new Set(), closed: false };

  // The redirect target: a different origin (other port) that must never be reached.
  const steal = http.createServer((req, res) => {
    hits.push({
      method: req.method ?? "GET",
      path: req.url ?? "/",
      headers: flatHeaders(req.headers),
      at: Date.now(),
    });
    req.resume();
    send(res, json(200, { stolen: true }));
  });
  trackSockets(steal, sockets);
  const stealPort = await listen(steal, 0, host);
  const redirectTargetUrl = `http://${host}:${stealPort}/steal`;

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent)
        send(res, json(500, { error: `fake-upstream internal error: ${String(e)}` }));
      else res.destroy();
    });
  });
  trackSockets(server, sockets);
  let port: number;
  try {
    port = await listen(server, options.port ?? 0, host);
  } catch (e) {
    await new Promise<void>((r) => steal.close(() => r()));
    throw e;
  }
  const origin = `http://${host}:${port}`;
  const baseUrls: BaseUrls = {
    STABLECOINS_API_URL: origin + PROVIDER_PREFIXES.defillama,
    COINGECKO_API_URL: origin + PROVIDER_PREFIXES.coingecko,
    DEXSCREENER_API_URL: origin + PROVIDER_PREFIXES.dexscreener,
    DUNE_API_URL: origin + PROVIDER_PREFIXES.dune,
    DEFILLAMA_COINS_API_URL: origin + PROVIDER_PREFIXES["defillama-coins"],
    BINANCE_API_URL: origin + PROVIDER_PREFIXES.binance,
    KRAKEN_API_URL: origin + PROVIDER_PREFIXES.kraken,
    COINBASE_API_URL: origin + PROVIDER_PREFIXES.coinbase,
    DEX_QUOTES_API_URL: origin + PROVIDER_PREFIXES.kyberswap,
  };

  function setScenario(
    provider: AnyProvider,
    scenario: Scenario,
    opts: ScenarioOptions = {},
  ): void {
    const err = validateScenario(provider, scenario);
    if (err) throw new Error(`fake-upstream: ${err}`);
    if (scenario === "ok" && opts.times === undefined && opts.match === undefined)
      scenarios.delete(provider);
    else scenarios.set(provider, { scenario, opts: { ...opts }, remaining: opts.times });
  }

  function takeScenario(provider: AnyProvider, upstreamPath: string): ActiveScenario {
    const active = scenarios.get(provider);
    if (!active) return { scenario: "ok", opts: {} };
    if (active.opts.match !== undefined && !upstreamPath.includes(active.opts.match))
      return { scenario: "ok", opts: {} };
    if (active.remaining !== undefined) {
      active.remaining -= 1;
      if (active.remaining <= 0) scenarios.delete(provider);
    }
    return active;
  }

  async function control(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<void> {
    const method = req.method ?? "GET";
    if (pathname === "/__control/scenario" && method === "POST") {
      let body: { provider?: unknown; scenario?: unknown; opts?: unknown };
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        return send(res, json(400, { error: "body must be JSON {provider, scenario, opts?}" }));
      }
      const err = validateScenario(body.provider, body.scenario);
      if (err) return send(res, json(400, { error: err }));
      const opts =
        typeof body.opts === "object" && body.opts !== null ? (body.opts as ScenarioOptions) : {};
      setScenario(body.provider as AnyProvider, body.scenario as Scenario, opts);
      return send(res, json(200, { ok: true, provider: body.provider, scenario: body.scenario }));
    }
    if (pathname === "/__control/market" && method === "POST") {
      let body: { market?: unknown };
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        return send(res, json(400, { error: "body must be JSON {market}" }));
      }
      if (!(MARKETS as readonly unknown[]).includes(body.market))
        return send(res, json(400, { error: `unknown market ${String(body.market)}` }));
      market = body.market as Market;
      return send(res, json(200, { ok: true, market }));
    }
    if (await historyControl(req, res, pathname, history, readBody)) return;
    if (pathname === "/__control/reset" && method === "POST") {
      scenarios.clear();
      history.nowMs = null;
      history.episodes = [];
      return send(res, json(200, { ok: true }));
    }
    if (pathname === "/__control/requests" && method === "GET") return send(res, json(200, log));
    if (pathname === "/__control/requests" && method === "DELETE") {
      log.length = 0;
      return send(res, json(200, { ok: true }));
    }
    if (pathname === "/__control/redirect-hits" && method === "GET")
      return send(res, json(200, hits));
    if (pathname === "/__control/state" && method === "GET") {
      return send(
        res,
        json(200, {
          port,
          baseUrls,
          redirectTargetUrl,
          market,
          scenarios: Object.fromEntries(scenarios),
          nowMs: history.nowMs,
          history: history.episodes,
        }),
      );
    }
    req.resume();
    return send(res, json(404, { error: `fake-upstream control: no ${method} ${pathname}` }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawPath = req.url ?? "/";
    const url = new URL(rawPath, origin);
    if (url.pathname.startsWith("/__control/")) return control(req, res, url.pathname);
    const method = req.method ?? "GET";
    const split = splitProvider(url.pathname);
    const entry: LoggedRequest = {
      method,
      path: rawPath,
      upstreamPath: split ? split.rest + url.search : rawPath,
      headers: flatHeaders(req.headers),
      provider: split?.provider ?? "unknown",
      at: Date.now(),
    };
    log.push(entry);
    res.on("finish", () => {
      entry.status = res.statusCode;
      entry.finishedAt = Date.now();
    });
    req.resume();
    const noFixture = () =>
      send(res, json(501, { error: `fake-upstream: no fixture for ${method} ${rawPath}` }));
    if (method !== "GET" || !split) return noFixture();
    const ctx = {
      nowMs: now(),
      headers: req.headers,
      apiBase: origin + PROVIDER_PREFIXES[split.provider],
      market,
    };
    const handler = matchRoute(split.provider, split.rest, url, ctx);
    if (!handler) return noFixture();
    const { scenario, opts } = takeScenario(split.provider, entry.upstreamPath);
    entry.scenario = scenario;
    const okBody = () => handler(false).body;
    switch (scenario) {
      case "ok":
        return send(
          res,
          downAnswer(split.provider, history.episodes, ctx.nowMs) ??
            historyAnswer(
              split.provider,
              split.rest,
              url,
              handler(false),
              ctx.nowMs,
              market,
              history.episodes,
            ),
        );
      case "empty":
        return send(res, handler(true));
      case "hang":
        return; // accepted, never answered; close() destroys the socket
      case "slow": {
        const timer = setTimeout(() => {
          life.timers.delete(timer);
          if (!life.closed) send(res, handler(false));
        }, opts.delayMs ?? DEFAULT_SLOW_MS);
        life.timers.add(timer);
        return;
      }
      case "drip":
        return drip(res, okBody(), opts, life);
      case "oversized":
        return streamOversized(res, okBody(), opts, life);
      default: {
        const r =
          transformedResponse(
            split.provider,
            scenario,
            opts,
            url,
            split.rest,
            handler,
            ctx.nowMs,
          ) ?? staticScenarioResponse(split.provider, scenario, opts, okBody, redirectTargetUrl);
        return send(res, r ?? handler(false));
      }
    }
  }

  async function close(): Promise<void> {
    if (life.closed) return;
    life.closed = true;
    for (const t of life.timers) clearTimeout(t);
    life.timers.clear();
    for (const s of sockets) s.destroy();
    sockets.clear();
    server.closeAllConnections();
    steal.closeAllConnections();
    await Promise.all([
      new Promise<void>((r) => server.close(() => r())),
      new Promise<void>((r) => steal.close(() => r())),
    ]);
  }

  return {
    port,
    host,
    origin,
    baseUrls,
    controlUrl: `${origin}/__control`,
    redirectTargetUrl,
    setScenario,
    market: () => market,
    setMarket: (m: Market) => {
      market = m;
    },
    resetScenarios: () => scenarios.clear(),
    setNow: (ms: number | null) => {
      history.nowMs = ms;
    },
    now,
    setHistory: (episodes: readonly HistoryEpisode[]) => {
      history.episodes = historyEpisodesSchema.parse(episodes);
    },
    requests: () => log.map((e) => ({ ...e, headers: { ...e.headers } })),
    clearRequests: () => {
      log.length = 0;
    },
    redirectTargetHits: () => hits.map((h) => ({ ...h, headers: { ...h.headers } })),
    close,
  };
}
