/**
 * Read-only access to the recorded upstream samples in `fixtures/samples/` (never modified).
 * Text is cached per file; `sampleJson` returns a fresh parse so callers may mutate it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Market } from "../types";

export const SAMPLES_DIR = path.join(__dirname, "..", "fixtures", "samples");

const textCache = new Map<string, string>();

export function sampleText(name: string): string {
  let text = textCache.get(name);
  if (text === undefined) {
    text = readFileSync(path.join(SAMPLES_DIR, name), "utf8");
    textCache.set(name, text);
  }
  return text;
}

export function sampleJson<T>(name: string): T {
  return JSON.parse(sampleText(name)) as T;
}

/** Subset of a DefiLlama `/stablecoins` asset used by the builders. */
export interface LlamaAsset {
  id: string;
  symbol: string;
  name: string;
  gecko_id: string | null;
  pegType: string;
  price: number | null;
  circulating: Record<string, number>;
  circulatingPrevDay: Record<string, number> | number;
  circulatingPrevWeek: Record<string, number> | number;
  circulatingPrevMonth: Record<string, number> | number;
  chainCirculating: Record<string, { current: Record<string, number> }>;
  chains: string[];
}

interface LlamaStablecoins {
  peggedAssets: LlamaAsset[];
  chains: unknown[];
}

/** The recorded `/stablecoins` body of each market world. */
export const AGGREGATE_SAMPLE: Readonly<Record<Market, string>> = {
  fixture: "defillama-stablecoins.json",
  full: "defillama-stablecoins-full.json",
};

const llamaCache = new Map<Market, LlamaStablecoins>();

export function llamaStablecoins(market: Market = "fixture"): LlamaStablecoins {
  let body = llamaCache.get(market);
  if (!body) {
    body = sampleJson<LlamaStablecoins>(AGGREGATE_SAMPLE[market]);
    llamaCache.set(market, body);
  }
  return body;
}

export function llamaAsset(id: string, market: Market = "fixture"): LlamaAsset | undefined {
  return llamaStablecoins(market).peggedAssets.find((a) => a.id === id);
}

/** Value of a DefiLlama `{pegType: n}` amount, or undefined for `{}` / `0` / missing. */
export function pegAmount(
  v: Record<string, number> | number | undefined,
  pegType: string,
): number | undefined {
  if (v === undefined || typeof v === "number") return undefined;
  const n = v[pegType];
  return typeof n === "number" ? n : undefined;
}

/** One `/coins/markets` element (only the fields the builders touch are typed). */
export interface MarketEntry {
  id: string;
  symbol: string;
  name: string;
  current_price: number;
  market_cap: number;
  total_volume: number;
  circulating_supply: number;
  last_updated: string;
  [k: string]: unknown;
}
