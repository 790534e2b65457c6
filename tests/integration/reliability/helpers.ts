/**
 * Shared pieces of the reliability suite: the public routes and which providers each one uses,
 * a KV wrapper that records every write, user-safety checks for warnings, the allow-list of
 * upstream paths (docs/route-contract.md "Upstream calls") and the JSON result files the report is built from.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as exitCost from "@/app/api/stablecoin-exit-cost/route";
import * as flows from "@/app/api/stablecoin-flows/route";
import * as intel from "@/app/api/stablecoin-intel/route";
import * as issuers from "@/app/api/stablecoin-issuers/route";
import * as pegHistory from "@/app/api/stablecoin-peg-history/route";
import * as pools from "@/app/api/stablecoin-pools/route";
import * as risk from "@/app/api/stablecoin-risk/route";
import * as supply from "@/app/api/stablecoin-supply/route";
import * as health from "@/app/api/health/route";
import type { KvStore } from "@/lib/kv/types";
import type { AnyProvider, Provider } from "../../fake-upstream/server";
import { adminKv, CANARY_CG_KEY, CANARY_DUNE_KEY } from "../helpers/harness";
import { CANARY_WRITE_KEY } from "./canaries";

export type Handler = (request: Request) => Promise<Response>;
export type RouteName =
  "intel" | "supply" | "risk" | "peg-history" | "pools" | "exit-cost" | "flows" | "issuers";

/**
 * How a route answers when one provider fails and nothing is cached for it:
 * - `warn`: 200 with a partial body and a user-safe warning prefixed with the provider's name;
 * - `unavailable`: 503 `upstream_unavailable` + Retry-After (supply/issuers without the aggregate);
 * - `silent`: 200; the provider only backs a secondary input whose loss the route absorbs
 *   without a warning by design (pools: market cap falls back to the aggregate; peg-history:
 *   the aggregate only resolves untracked selectors).
 */
export type Expectation = "warn" | "unavailable" | "silent";

export interface RouteSpec {
  name: RouteName;
  url: string;
  handler: Handler;
  module: Record<"GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>;
  uses: Partial<Record<Provider, Expectation>>;
  /** Provider time budgets spent one after another in the worst case (sequential phases). */
  phases?: Partial<Record<Provider, number>>;
}

const mod = (m: unknown) => m as RouteSpec["module"];

export const ROUTES: RouteSpec[] = [
  {
    name: "intel",
    url: "/api/stablecoin-intel?q=usdc",
    handler: intel.GET,
    module: mod(intel),
    // The second price (DefiLlama coins) failing leaves `data.prices` null for it, no warning.
    uses: {
      defillama: "warn",
      coingecko: "warn",
      dexscreener: "warn",
      dune: "warn",
      "defillama-coins": "silent",
    },
  },
  {
    name: "supply",
    url: "/api/stablecoin-supply",
    handler: supply.GET,
    module: mod(supply),
    uses: { defillama: "unavailable" },
  },
  {
    name: "risk",
    url: "/api/stablecoin-risk?q=usdc",
    handler: risk.GET,
    module: mod(risk),
    uses: { defillama: "warn", coingecko: "warn", dexscreener: "warn", dune: "warn" },
    // Asset context (quotes, tickers, supply snapshot) first, then the peg-history series and
    // the issuer-exposure snapshot: two sequential CoinGecko and Dune phases.
    phases: { coingecko: 2, dune: 2 },
  },
  {
    name: "peg-history",
    url: "/api/stablecoin-peg-history?q=usdc&window=7d",
    handler: pegHistory.GET,
    module: mod(pegHistory),
    uses: { defillama: "silent", coingecko: "warn", dexscreener: "warn" },
  },
  {
    name: "pools",
    url: "/api/stablecoin-pools?q=usdc&size_usd=1000000",
    handler: pools.GET,
    module: mod(pools),
    uses: { defillama: "warn", coingecko: "silent", dexscreener: "warn" },
  },
  {
    name: "exit-cost",
    url: "/api/stablecoin-exit-cost?q=usdc",
    handler: exitCost.GET,
    module: mod(exitCost),
    // The asset context (quotes, tickers, pools) first, then every book and DEX quote.
    uses: { defillama: "warn", coingecko: "warn", dexscreener: "warn" },
  },
  {
    name: "flows",
    url: "/api/stablecoin-flows?q=usdc",
    handler: flows.GET,
    module: mod(flows),
    uses: { dune: "warn" },
  },
  {
    name: "issuers",
    url: "/api/stablecoin-issuers",
    handler: issuers.GET,
    module: mod(issuers),
    uses: { defillama: "unavailable", dune: "warn" },
  },
];

export const HEALTH: Handler = health.GET;

export const PROVIDER_LABEL: Record<Provider, string> = {
  defillama: "DefiLlama",
  coingecko: "CoinGecko",
  dexscreener: "DexScreener",
  dune: "Dune",
  // DefiLlama coins warnings read "DefiLlama (market): …".
  "defillama-coins": "DefiLlama",
};

/** Cache-key prefixes each provider's reads are stored under (lib/snapshot/live, snapshots). */
export const PROVIDER_KEY_PREFIXES: Record<Provider, string[]> = {
  defillama: ["aggregate:v1:defillama:", "live:v1:defillama:"],
  coingecko: ["live:v1:coingecko:"],
  dexscreener: ["live:v1:dexscreener:"],
  dune: ["snapshot:v1:dune:"],
  "defillama-coins": ["live:v1:defillama-coins:", "history:v1:defillama-coins:"],
};

export const keyOfProvider = (key: string, p: Provider) =>
  PROVIDER_KEY_PREFIXES[p].some((prefix) => key.startsWith(prefix));

/**
 * A KV store that forwards to a real driver and remembers every key it was asked to write.
 * `writes` is cleared by the tests; `known` keeps every key ever written.
 */
export class RecordingKv implements KvStore {
  readonly writes: string[] = [];
  readonly known = new Set<string>();
  constructor(readonly inner: KvStore) {}
  get driver() {
    return this.inner.driver;
  }
  get<T = unknown>(key: string): Promise<T | undefined> {
    return this.inner.get<T>(key);
  }
  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.writes.push(key);
    this.known.add(key);
    await this.inner.set(key, value, ttlSeconds);
  }
  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    return this.inner.setIfAbsent(key, value, ttlSeconds);
  }
  incr(key: string, ttlSeconds: number): Promise<number> {
    return this.inner.incr(key, ttlSeconds);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  /**
   * Deletes every key (and its lock) a provider's reads were stored under, through an admin store
   * with a generous budget (test setup, not the request path: a loaded runner can push a
   * file-store operation past the app's 150 ms budget), retried.
   */
  async forget(provider: Provider): Promise<void> {
    const admin = adminKv();
    try {
      for (const key of this.known) {
        if (!keyOfProvider(key, provider)) continue;
        for (const k of [key, `lock:${key}`]) await retry(() => admin.delete(k));
      }
    } finally {
      await admin.close();
    }
  }
}

async function retry(op: () => Promise<void>, attempts = 5): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      return await op();
    } catch (e) {
      if (i >= attempts) throw e;
    }
  }
}

const WARNING_PREFIX =
  /^(DefiLlama|CoinGecko|DexScreener|Dune|Binance|Kraken|Coinbase|KyberSwap) \((aggregate|market|liquidity|on-chain-scheduled)\): /;
const UNSAFE_WARNING =
  /https?:\/\/|127\.0\.0\.1|localhost|\b[A-Za-z]*Error\b|\n\s+at |ECONN[A-Z]+|ETIMEDOUT|x-dune-api-key|x-cg-|\{|\}/i;
export const SECRET_CANARIES = [CANARY_DUNE_KEY, CANARY_CG_KEY, CANARY_WRITE_KEY];

/** Reasons a warning is not user-safe (empty when it is). */
export function unsafeWarningReasons(warning: string): string[] {
  const reasons: string[] = [];
  if (!WARNING_PREFIX.test(warning)) reasons.push("no provider/source prefix");
  if (UNSAFE_WARNING.test(warning)) reasons.push("technical detail (URL, host, error class, key)");
  if (SECRET_CANARIES.some((c) => warning.includes(c))) reasons.push("secret");
  return reasons;
}

/** docs/route-contract.md "Upstream calls": the only upstream paths (relative to each provider's base URL), all GET. */
export const UPSTREAM_ALLOW_LIST: Record<AnyProvider, RegExp[]> = {
  defillama: [/^\/stablecoins\?includePrices=true$/, /^\/stablecoincharts\/all\?stablecoin=\d+$/],
  coingecko: [
    /^\/coins\/markets\?vs_currency=usd&ids=[A-Za-z0-9._%-]+&per_page=250$/,
    /^\/coins\/[A-Za-z0-9._-]+\/market_chart\?vs_currency=usd&days=(1|7|30)$/,
    /^\/coins\/[A-Za-z0-9._-]+\/tickers\?depth=true$/,
    /^\/coins\/[A-Za-z0-9._-]+\?localization=false&tickers=false&market_data=false&community_data=false&developer_data=false&sparkline=false$/,
  ],
  dexscreener: [
    /^\/token-pairs\/v1\/[a-z0-9_-]+\/(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
  ],
  dune: [/^\/query\/\d{1,12}\/results\?limit=\d+&offset=\d+$/],
  "defillama-coins": [
    /^\/prices\/current\/[A-Za-z0-9._:,-]+$/,
    /^\/chart\/[A-Za-z0-9._:,-]+\?start=\d+&span=\d+&period=1h$/,
  ],
  // Exit cost by trade size (docs/upstream.md): book pairs built from registry/market-provider symbols.
  binance: [/^\/api\/v3\/depth\?symbol=[A-Z0-9]{2,24}&limit=\d+$/],
  kraken: [/^\/0\/public\/Depth\?pair=[A-Z0-9]{2,24}&count=\d+$/],
  coinbase: [/^\/products\/[A-Z0-9]+-[A-Z0-9]+\/book\?level=2$/],
  kyberswap: [
    /^\/[a-z]+\/api\/v1\/routes\?tokenIn=0x[0-9a-fA-F]{40}&tokenOut=0x[0-9a-fA-F]{40}&amountIn=[1-9]\d*$/,
  ],
};

export function isAllowedUpstream(r: {
  method: string;
  provider: string;
  upstreamPath: string;
}): boolean {
  if (r.method !== "GET" || r.provider === "unknown") return false;
  return UPSTREAM_ALLOW_LIST[r.provider as AnyProvider].some((re) => re.test(r.upstreamPath));
}

export const RESULTS_DIR = path.resolve(__dirname, "../../../test-results/reliability");

/** Writes one result file of the report (test-results/reliability/<name>.json). */
export function writeResults(name: string, data: unknown): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify(data, null, 2) + "\n");
}

export const elapsedSince = (t0: number) => Math.round(performance.now() - t0);

export async function timed(handler: Handler, url: string, init?: RequestInit) {
  const t0 = performance.now();
  const res = await handler(new Request(new URL(url, "http://localhost"), init));
  const text = await res.text();
  return { res, text, status: res.status, elapsedMs: elapsedSince(t0) };
}

/** Parses a body; `undefined` when it is not JSON. */
export function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const warningsOf = (body: Record<string, unknown> | undefined): string[] =>
  Array.isArray(body?.warnings) ? (body.warnings as unknown[]).map(String) : [];
