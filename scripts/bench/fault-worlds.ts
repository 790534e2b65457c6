/**
 * The fault worlds (section 8a of docs/performance.md), one table: each world is a fresh server on
 * an empty store (Redis flushed, or a new file-store directory) with its fault switched on
 * before the first request, judged from that first request on (./faults).
 *
 *   market provider, DEX pools, DEX aggregator, aggregate × 500, 429, hanging (a 1 s budget)
 *   the market provider hanging at the default provider time budget
 *   the three order books answering 451 (an exchange refusing the server's region for good)
 *   a 30/min market budget while one client cycles over the whole market
 */
import { DEFAULT_COINGECKO_CALLS_PER_MINUTE, DEFAULT_PROVIDER_TIMEOUT_MS } from "../../lib/config";
import type { AnyProvider, FakeUpstream, Market } from "../../tests/fake-upstream/server";
import { HANG_BUDGET_MS } from "./cold-fanout";

/** The warm routes every world measures beside the trivial route (issue: intel, risk, supply, exit cost). */
export const WORLD_ROUTES = [
  // DAI: an overlay coin every provider is asked for (the issue's stalled intel request).
  "/api/stablecoin-intel?q=dai",
  "/api/stablecoin-risk?q=usdc",
  "/api/stablecoin-supply",
  "/api/stablecoin-exit-cost?q=usdc",
] as const;

/** The aggregate route's answer when no copy exists at all (docs/route-contract.md): not a fault. */
export const DOCUMENTED_503_ROUTE = "/api/stablecoin-supply";

const FAULTS = ["500", "429", "hang"] as const;
const ORDER_BOOKS: AnyProvider[] = ["binance", "kraken", "coinbase"];

export interface FaultWorld {
  id: string;
  label: string;
  /** The providers whose calls are held to the cooldown and backoff schedule. */
  failing: AnyProvider[];
  arrange(fake: FakeUpstream): void;
  env: Record<string, string>;
  market: Market;
  /** Market calls per minute the world allows (judged at the fake), when it sets one. */
  marketBudget?: number;
  /** One client cycles over every coin of the market for the whole run. */
  cycling: boolean;
}

const FAILING_PROVIDERS: { provider: AnyProvider; id: string; label: string }[] = [
  { provider: "coingecko", id: "market", label: "market provider (CoinGecko)" },
  { provider: "dexscreener", id: "pools", label: "DEX aggregator, pools (DexScreener)" },
  { provider: "kyberswap", id: "quotes", label: "DEX aggregator, quotes (KyberSwap)" },
  { provider: "defillama", id: "aggregate", label: "aggregate (DefiLlama)" },
];

/** `hang` runs with this provider time budget (the other faults with the default). */
const hangEnv = (fault: string): Record<string, string> =>
  fault === "hang" ? { PROVIDER_TIMEOUT_MS: String(HANG_BUDGET_MS) } : {};

export const FAULT_WORLDS: FaultWorld[] = [
  ...FAILING_PROVIDERS.flatMap(({ provider, id, label }) =>
    FAULTS.map((fault): FaultWorld => ({
      id: `${id}-${fault}`,
      label: `${label} ${fault === "hang" ? `hanging (budget ${HANG_BUDGET_MS} ms)` : fault}`,
      failing: [provider],
      arrange: (f) => f.setScenario(provider, fault),
      env: hangEnv(fault),
      market: "fixture",
      cycling: false,
    })),
  ),
  {
    // The same at the default provider time budget: a request that starts a call waits that long.
    id: "market-hang-default",
    label: `market provider (CoinGecko) hanging (default budget ${DEFAULT_PROVIDER_TIMEOUT_MS} ms)`,
    failing: ["coingecko"],
    arrange: (f) => f.setScenario("coingecko", "hang"),
    env: {},
    market: "fixture",
    cycling: false,
  },
  {
    id: "books-451",
    label: "order books (Binance, Kraken, Coinbase) 451",
    failing: ORDER_BOOKS,
    arrange: (f) => ORDER_BOOKS.forEach((p) => f.setScenario(p, "451")),
    env: {},
    market: "fixture",
    cycling: false,
  },
  {
    id: "budget-30",
    label: `market budget ${DEFAULT_COINGECKO_CALLS_PER_MINUTE}/min, one client cycling over the whole market`,
    failing: [],
    arrange: () => undefined,
    env: { COINGECKO_CALLS_PER_MINUTE: String(DEFAULT_COINGECKO_CALLS_PER_MINUTE) },
    market: "full",
    marketBudget: DEFAULT_COINGECKO_CALLS_PER_MINUTE,
    cycling: true,
  },
];

/** `--fault-worlds a,b`: the worlds whose id starts with one of them (all when none given). */
export function selectWorlds(filter: readonly string[] | undefined): FaultWorld[] {
  if (!filter || filter.length === 0) return FAULT_WORLDS;
  const chosen = FAULT_WORLDS.filter((w) => filter.some((f) => w.id.startsWith(f)));
  if (chosen.length === 0)
    throw new Error(`--fault-worlds: none of ${FAULT_WORLDS.map((w) => w.id).join(", ")}`);
  return chosen;
}
