/**
 * Pieces of `scripts/soak.ts`: the traffic mix, the fault rotation, per-request checks,
 * percentiles and RSS sampling of a process tree (Linux /proc).
 */
import { readFileSync } from "node:fs";
import type { Provider, Scenario, ScenarioOptions } from "../../fake-upstream/server";
import { carriesFlag } from "../../helpers/flag";

export interface SoakRequest {
  method: "GET" | "HEAD" | "POST";
  path: string;
  /** Route name, for per-route counts and the 503 exception. */
  route: string;
}

const ASSETS = ["usdc", "usdt", "dai", "USDe", "pyusd", "fdusd", "usd-coin", "146", "no-such-coin"];
const WINDOWS = ["24h", "7d", "30d"];
const WALLET = "0x" + "ab".repeat(20);

/** A weighted mix over every route, with some 400s, 404s, HEADs and 405s. */
export function nextRequest(rand: () => number = Math.random): SoakRequest {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const q = pick(ASSETS);
  const mix: [number, () => SoakRequest][] = [
    [5, () => ({ method: "GET", route: "intel", path: `/api/stablecoin-intel?q=${q}` })],
    [3, () => ({ method: "GET", route: "supply", path: "/api/stablecoin-supply" })],
    [3, () => ({ method: "GET", route: "risk", path: `/api/stablecoin-risk?q=${q}` })],
    [
      3,
      () => ({
        method: "GET",
        route: "peg-history",
        path: `/api/stablecoin-peg-history?q=${q}&window=${pick(WINDOWS)}`,
      }),
    ],
    [
      3,
      () => ({
        method: "GET",
        route: "pools",
        path: `/api/stablecoin-pools?q=${q}&size_usd=2500000`,
      }),
    ],
    [2, () => ({ method: "GET", route: "flows", path: `/api/stablecoin-flows?q=${q}` })],
    [1, () => ({ method: "GET", route: "flows", path: `/api/stablecoin-flows?wallet=${WALLET}` })],
    [2, () => ({ method: "GET", route: "issuers", path: "/api/stablecoin-issuers" })],
    [1, () => ({ method: "GET", route: "health", path: "/api/health" })],
    [1, () => ({ method: "GET", route: "openapi", path: "/api/openapi.json" })],
    [1, () => ({ method: "GET", route: "intel", path: "/api/stablecoin-intel?q=%0d%0a" })],
    [1, () => ({ method: "HEAD", route: "supply", path: "/api/stablecoin-supply" })],
    [1, () => ({ method: "POST", route: "intel", path: "/api/stablecoin-intel?q=usdc" })],
  ];
  const total = mix.reduce((n, [w]) => n + w, 0);
  let r = rand() * total;
  for (const [w, make] of mix) {
    r -= w;
    if (r < 0) return make();
  }
  return mix[0]![1]();
}

export interface Fault {
  provider: Provider;
  scenario: Scenario;
  opts?: ScenarioOptions;
}

const ROTATION: Omit<Fault, "provider">[] = [
  { scenario: "500" },
  { scenario: "slow", opts: { delayMs: 1_000 } },
  { scenario: "hang" },
  { scenario: "429" },
  { scenario: "drip", opts: { chunkBytes: 64, intervalMs: 200 } },
  { scenario: "malformed" },
  { scenario: "ok" },
];
const PROVIDER_ORDER: Provider[] = ["coingecko", "dexscreener", "dune", "defillama"];

/** The i-th fault of the rotation: every provider × every scenario, then around again. */
export function faultAt(i: number): Fault {
  const provider = PROVIDER_ORDER[i % PROVIDER_ORDER.length]!;
  const s = ROTATION[Math.floor(i / PROVIDER_ORDER.length) % ROTATION.length]!;
  return { provider, ...s };
}

/** Checks one answer; returns a failure description or null. */
export function checkAnswer(req: SoakRequest, status: number, body: string): string | null {
  if (![200, 304, 400, 404, 405].includes(status)) {
    let code = "";
    try {
      code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? "";
    } catch {
      /* reported below */
    }
    // The documented 503 (aggregate down and nothing cached) would only be legitimate before the
    // first good aggregate answer; the soak warms up first and never evicts it, so none expected.
    return `${req.method} ${req.path} → ${status}${code ? ` ${code}` : ""}`;
  }
  if (req.method === "HEAD" || status === 304) return null;
  try {
    if (!carriesFlag(req.path, status, JSON.parse(body)))
      return `${req.method} ${req.path} → ${status} without holderAnalyticsSupported: false`;
  } catch {
    return `${req.method} ${req.path} → ${status} with an unparseable body`;
  }
  return null;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** RSS of a process and all its descendants, in MB (one decimal). */
export function treeRssMb(pid: number): number {
  let kb = 0;
  const stack = [pid];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (seen.has(p)) continue;
    seen.add(p);
    kb += rssKb(p);
    stack.push(...children(p));
  }
  return Math.round(kb / 102.4) / 10;
}

/** Keeps at most `max` evenly spaced samples (first and last included). */
export function downsample<T>(xs: T[], max: number): T[] {
  if (xs.length <= max) return xs;
  const step = (xs.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => xs[Math.round(i * step)]!);
}
