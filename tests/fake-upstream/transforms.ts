/**
 * Scenarios that answer 200 with the ok body changed (README "Scenarios"): the Dune result
 * variants of issue 25 §5 (`truncated`, `partial`, `rows-dropped`, `invalid-rows`,
 * `old-execution`) and the hostile values of §6 (`odd-values`). Each returns the new body text,
 * or null when the scenario does not change this route's body.
 */
import { DEMO_DUNE_QUERY_IDS } from "./constants";
import {
  TRANSFORM_SCENARIOS,
  type AnyProvider,
  type RouteHandler,
  type RouteResponse,
  type Scenario,
  type ScenarioOptions,
} from "./types";

/** `old-execution` default: a week past the run, older than twice every class TTL's floor. */
export const DEFAULT_EXECUTION_AGE_MS = 7 * 24 * 3_600_000;
/** `rows-dropped`: rows appended to the first page that fail every query's row schema. */
export const DUNE_INVALID_ROWS: readonly Record<string, unknown>[] = [
  { token_symbol: "USDT", blockchain: "ethereum", supply: "lots" },
  { token_symbol: "", blockchain: "base", supply: 1 },
  { unexpected: true },
];
/** `odd-values`: chain names that are also `Object.prototype` members. */
export const ODD_CHAIN_LABELS = ["__proto__", "constructor", "toString"] as const;
/** `odd-values`: USD supply (and token units on Dune) each odd chain gets per asset. */
export const ODD_CHAIN_AMOUNT = 1_000;
/**
 * `odd-values`: market_chart price points replaced, counted from the 30th point from the end:
 * three zeros (a three-hour run at hourly granularity — enough for a −10,000 bps "event" if
 * they were believed), one negative price and one null.
 */
export const ODD_PRICE_VALUES: readonly (number | null)[] = [0, 0, 0, -0.5, null];
const ODD_PRICES_FROM_END = 30;
const SUPPLY_RESULTS_PATH = `/query/${DEMO_DUNE_QUERY_IDS.DUNE_QUERY_SUPPLY_BY_CHAIN}/results`;

type Json = Record<string, unknown>;

/** Sets an own property even for `__proto__` (a plain assignment would replace the prototype). */
function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function result(body: Json): { rows: Json[] } {
  return body.result as { rows: Json[] };
}

function duneBody(scenario: Scenario, opts: ScenarioOptions, body: Json, url: URL, nowMs: number) {
  const offset = Number(url.searchParams.get("offset") ?? "0") || 0;
  const limit = Number(url.searchParams.get("limit") ?? "0") || result(body).rows.length;
  switch (scenario) {
    case "truncated":
      // Always one more page: the client's page cap is what stops it.
      body.next_offset = offset + limit;
      return body;
    case "partial":
      body.state = "QUERY_STATE_COMPLETED_PARTIAL";
      return body;
    case "rows-dropped":
      if (offset === 0) result(body).rows.push(...DUNE_INVALID_ROWS.map((r) => ({ ...r })));
      return body;
    case "invalid-rows":
      result(body).rows = result(body).rows.map(() => ({ unexpected: true }));
      return body;
    case "old-execution": {
      const ended = nowMs - (opts.executionAgeMs ?? DEFAULT_EXECUTION_AGE_MS);
      body.execution_ended_at = new Date(ended).toISOString();
      return body;
    }
    case "odd-values":
      if (offset === 0 && url.pathname.endsWith(SUPPLY_RESULTS_PATH))
        result(body).rows.push(
          ...ODD_CHAIN_LABELS.map((blockchain) => ({
            token_symbol: "USDT",
            blockchain,
            supply: ODD_CHAIN_AMOUNT,
          })),
        );
      return body;
    default:
      return null;
  }
}

function oddLlama(path: string, body: Json): Json | null {
  if (path !== "/stablecoins") return null;
  for (const asset of body.peggedAssets as Json[]) {
    const chains = (asset.chainCirculating ?? {}) as Json;
    const peg = String(asset.pegType);
    for (const label of ODD_CHAIN_LABELS)
      defineOwn(chains, label, { current: { [peg]: ODD_CHAIN_AMOUNT } });
    asset.chainCirculating = chains;
  }
  return body;
}

function oddCoingecko(path: string, body: Json): Json | null {
  if (!/\/market_chart$/.test(path)) return null;
  const prices = body.prices as [number, number | null][];
  const from = Math.max(0, prices.length - ODD_PRICES_FROM_END);
  ODD_PRICE_VALUES.forEach((v, i) => {
    const point = prices[from + i];
    if (point) point[1] = v;
  });
  return body;
}

function transformBody(
  provider: AnyProvider,
  scenario: Scenario,
  opts: ScenarioOptions,
  url: URL,
  path: string,
  okBody: string,
  nowMs: number,
): string | null {
  let body: Json;
  try {
    body = JSON.parse(okBody) as Json;
  } catch {
    return null;
  }
  if (provider === "dune" && typeof body.result !== "object") return null;
  const out =
    provider === "dune"
      ? duneBody(scenario, opts, body, url, nowMs)
      : scenario !== "odd-values"
        ? null
        : provider === "defillama"
          ? oddLlama(path, body)
          : provider === "coingecko"
            ? oddCoingecko(path, body)
            : null;
  return out === null ? null : JSON.stringify(out);
}

/**
 * The answer of a transform scenario: the route's ok answer, its body changed where the
 * scenario applies to this route (errors such as an unknown id pass unchanged). Null for every
 * other scenario.
 */
export function transformedResponse(
  provider: AnyProvider,
  scenario: Scenario,
  opts: ScenarioOptions,
  url: URL,
  path: string,
  handler: RouteHandler,
  nowMs: number,
): RouteResponse | null {
  if (!(TRANSFORM_SCENARIOS as readonly Scenario[]).includes(scenario)) return null;
  const ok = handler(false);
  if (ok.status !== 200) return ok;
  const changed = transformBody(provider, scenario, opts, url, path, ok.body, nowMs);
  return changed === null ? ok : { ...ok, body: changed };
}
