/**
 * DefiLlama's per-chain routes (issue 28), derived from the world's `/stablecoins` body so the
 * numbers agree with it:
 *   - `/stablecoinchains`: the full world serves the recorded `chains` array (it matches the
 *     whole aggregate); the fixture world (21 of 322 assets) sums its own assets per chain label,
 *     as the server's `craftStablecoinChainsResponse` does.
 *   - `/stablecoincharts/{chain}`: per day, the sum over USD assets of their series on the chain
 *     through the chain's recorded anchors (current, prev day/week/month); unknown chain → null.
 *   - `/stablecoin/{id}`: `chainBalances` with three daily rows per chain (peg units). Split
 *     rule: the asset's first chain is fully native (`minted`); on the others, by a hash of
 *     (id, chain): native, fully bridged in from the first chain, or 40 % bridged in — with a
 *     named bridge (`bridgedTo.bridges`), as the real server nests it. `address`: the coin's
 *     own, in DefiLlama's coins-key format (`./llama-addresses`).
 */
import { dailyFromAnchors, point, todaySec, type ChartPoint } from "./defillama-charts";
import { llamaAddress } from "./llama-addresses";
import { hash32, round } from "./rng";
import { llamaAsset, llamaStablecoins, pegAmount, type LlamaAsset } from "./samples";
import type { Market } from "../types";

const DAY_S = 86_400;
const USD = "peggedUSD";
const BALANCE_ROWS = 3;
const MIXED_BRIDGED_SHARE = 0.4;
const BRIDGES = ["Wormhole", "LayerZero", "Axelar", "Stargate"] as const;

type PegValues = Record<string, number> | number | undefined;
interface ChainEntry {
  current?: PegValues;
  circulatingPrevDay?: PegValues;
  circulatingPrevWeek?: PegValues;
  circulatingPrevMonth?: PegValues;
}

const entries = (a: LlamaAsset): [string, ChainEntry][] =>
  Object.entries((a.chainCirculating ?? {}) as Record<string, ChainEntry>);

export function stablecoinChains(market: Market): unknown[] {
  const body = llamaStablecoins(market);
  if (market === "full") return body.chains;
  const totals = new Map<string, Record<string, number>>();
  for (const a of body.peggedAssets) {
    for (const [label, e] of entries(a)) {
      const v = pegAmount(e.current as Record<string, number> | undefined, a.pegType);
      if (v === undefined) continue;
      const t = totals.get(label) ?? {};
      t[a.pegType] = (t[a.pegType] ?? 0) + v;
      totals.set(label, t);
    }
  }
  return [...totals.entries()]
    .sort(([, a], [, b]) => (b[USD] ?? 0) - (a[USD] ?? 0))
    .map(([name, totalCirculatingUSD]) => ({
      gecko_id: null,
      totalCirculatingUSD,
      tokenSymbol: null,
      name,
    }));
}

/** The label as the world's assets spell it (the route's segment is matched case-insensitively). */
function chainLabel(segment: string, market: Market): string | null {
  const wanted = segment.toLowerCase();
  for (const a of llamaStablecoins(market).peggedAssets)
    for (const [label] of entries(a)) if (label.toLowerCase() === wanted) return label;
  return null;
}

export function chainChart(segment: string, nowMs: number, market: Market): ChartPoint[] | null {
  const label = chainLabel(segment, market);
  if (label === null) return null;
  const totals = new Array<number>(60).fill(0);
  for (const a of llamaStablecoins(market).peggedAssets) {
    if (a.pegType !== USD) continue;
    const e = (a.chainCirculating as Record<string, ChainEntry>)[label];
    if (!e) continue;
    const amount = (v: PegValues) =>
      pegAmount(v as Record<string, number> | number | undefined, USD);
    const series = dailyFromAnchors(
      {
        now: amount(e.current),
        day: amount(e.circulatingPrevDay),
        week: amount(e.circulatingPrevWeek),
        month: amount(e.circulatingPrevMonth),
      },
      ["llama-chain-chart", a.id, label],
    );
    series.forEach((v, k) => {
      if (k < totals.length) totals[k] = (totals[k] ?? 0) + v;
    });
  }
  const today = todaySec(nowMs);
  return totals.map((usd, k) => point(today - k * DAY_S, USD, usd, usd)).reverse();
}

type SplitKind = "native" | "bridged" | "mixed";

/** How the asset's supply on `label` is split (see the header). */
export function splitKind(a: LlamaAsset, label: string): SplitKind {
  if (a.chains?.[0] === label) return "native";
  return (["native", "bridged", "mixed"] as const)[hash32(`${a.id}|${label}`) % 3] ?? "native";
}

function balanceRow(a: LlamaAsset, label: string, units: number, dateSec: number) {
  const peg = a.pegType;
  const kind = splitKind(a, label);
  const share = kind === "native" ? 0 : kind === "bridged" ? 1 : MIXED_BRIDGED_SHARE;
  const bridged = round(units * share, 2);
  const bridge = BRIDGES[hash32(`${a.id}|${label}|bridge`) % BRIDGES.length] ?? BRIDGES[0];
  return {
    date: dateSec,
    circulating: { [peg]: round(units, 2) },
    minted: share < 1 ? { [peg]: round(units - bridged, 2) } : 0,
    unreleased: { [peg]: 0 },
    bridgedTo:
      share > 0
        ? {
            [peg]: bridged,
            bridges: { [bridge]: { amount: bridged, source: a.chains?.[0] ?? "" } },
          }
        : 0,
  };
}

/** `/stablecoin/{id}` (metadata trimmed to what the service reads); null for an unknown id. */
export function stablecoinDetail(id: string, nowMs: number, market: Market): object | null {
  const a = llamaAsset(id, market);
  if (!a) return null;
  const price = a.price !== null && a.price > 0 ? a.price : 1;
  const today = todaySec(nowMs);
  const chainBalances: Record<string, { tokens: object[] }> = {};
  for (const [label, e] of entries(a)) {
    const usd = pegAmount(e.current as Record<string, number> | undefined, a.pegType);
    if (usd === undefined) continue;
    const units = usd / price;
    chainBalances[label] = {
      tokens: Array.from({ length: BALANCE_ROWS }, (_, i) =>
        balanceRow(a, label, units, today - (BALANCE_ROWS - 1 - i) * DAY_S),
      ),
    };
  }
  return {
    id: a.id,
    name: a.name,
    address: llamaAddress(a),
    symbol: a.symbol,
    gecko_id: a.gecko_id,
    pegType: a.pegType,
    onCoinGecko: a.gecko_id ? "true" : "false",
    chainBalances,
    price: a.price,
  };
}
