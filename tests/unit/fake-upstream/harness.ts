/** Shared constants and helpers of the fake-upstream unit tests (not a test file). */
import path from "node:path";

export const NOW = Date.UTC(2026, 0, 15, 12, 34, 56, 789);
export const HOUR = 3_600_000;
export const SAMPLES = path.join(__dirname, "../../fake-upstream/fixtures/samples");
export const DUNE_KEY = { "X-Dune-API-Key": "test-read-key" };

export type Json = Record<string, unknown>;
export type Pair = {
  dexId: string;
  labels?: string[];
  baseToken: { address: string; symbol: string };
  quoteToken: { address: string; symbol: string };
  pairAddress: string;
  priceUsd: string;
  liquidity?: { usd: number };
};

export async function getJson<T = Json>(
  url: string,
  headers?: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as T };
}
