/**
 * The history goals (issue: own history of depth, exit cost, chain-local peg and risk): the real
 * refresher pass and its sampler run hour by hour over a simulated clock against the fake
 * upstream's goal timeline (tests/fake-upstream/history-timeline.ts), on a real Redis; then the
 * event log's builder (lib/history-api/events) over what was stored.
 */
import { getConfig } from "@/lib/config";
import { getStablecoinEvents } from "@/lib/history-api/events";
import type { LogEvent } from "@/lib/history-api/types";
import { createKv, type KvStore } from "@/lib/kv";
import type { HistorySample } from "@/lib/history/sample";
import { trackedTokens } from "@/tests/fake-upstream/data/assets";
import {
  BASELINE_SAMPLES,
  DEPTH_DROP_SHARE,
  TIMELINE_SAMPLES,
  TIMELINE_SPANS,
  TIMELINE_SUBJECTS,
  spanMs,
  type Timeline,
} from "@/tests/fake-upstream/history-timeline";
import { HOUR_MS, simulateHistory, storedSamples } from "@/tests/helpers/history-simulation";
import { startHarness, type Harness } from "../helpers/harness";

const KV_TIMEOUT_MS = 5_000;

let h: Harness;
let kv: KvStore;
let tl: Timeline;
/** Every tracked coin's stored samples, by CoinGecko id; the log's own-history events. */
const samples = new Map<string, HistorySample[]>();
let events: LogEvent[] = [];

const symbolOf = (coingeckoId: string) =>
  trackedTokens().find((t) => t.coingeckoId === coingeckoId)?.symbol;
const eventsOf = (coin: string, type?: LogEvent["type"]) =>
  events.filter((e) => e.symbol === symbolOf(coin) && (type === undefined || e.type === type));
const within = (iso: string | null, ms: number) =>
  iso !== null && Math.abs(Date.parse(iso) - ms) <= tl.intervalMs;

beforeAll(async () => {
  h = await startHarness("redis", { HISTORY_SAMPLE_SECONDS: String(HOUR_MS / 1000) });
  kv = createKv(getConfig().kv, { timeoutMs: KV_TIMEOUT_MS });
  const endMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  tl = { startMs: endMs - (TIMELINE_SAMPLES - 1) * HOUR_MS, intervalMs: HOUR_MS };
  await simulateHistory({ fake: h.fake, kv, timeline: tl, samples: TIMELINE_SAMPLES });
  for (const token of trackedTokens()) {
    const stored = await storedSamples(kv, token.defillamaId, HOUR_MS, tl.startMs, endMs);
    samples.set(token.coingeckoId, stored);
  }
  const log = await getStablecoinEvents({ window: "7d" });
  if (!log.ok) throw new Error("the event log did not answer");
  // Price depeg events come from the providers' price history, not from the own history.
  events = log.body.events.filter((e) => e.type !== "depeg");
}, 600_000);

afterAll(async () => {
  await kv?.close();
  await h?.close();
});

describe("history goals: the real sampler over a simulated week, on Redis", () => {
  it("stores one sample a coin an interval, every interval", () => {
    const s = TIMELINE_SUBJECTS;
    for (const coin of [s.drain, s.saleAtSize, s.riskWick, s.chainLocal.coin]) {
      const stored = samples.get(coin) ?? [];
      expect(stored.map((s) => s.t)).toEqual(
        Array.from({ length: TIMELINE_SAMPLES }, (_, i) => tl.startMs + i * tl.intervalMs),
      );
    }
  });

  /** The drained coin's samples inside a span, and its last one before the first drop. */
  const drainSamples = (span: readonly [number, number]) => {
    const truth = spanMs(tl, span);
    const all = samples.get(TIMELINE_SUBJECTS.drain) ?? [];
    const base = all[BASELINE_SAMPLES - 1]!.depth_2pct_usd;
    const during = all.filter((s) => s.t >= truth.fromMs && s.t < truth.toMs);
    const fell = (s: HistorySample) =>
      Object.keys(base.venues).filter(
        (v) => (s.depth_2pct_usd.venues[v] ?? Infinity) < (base.venues[v] ?? 0) / 2,
      );
    return { truth, base, during, fell };
  };

  it("a 60 % depth drop on two exchanges for 6 hours → one confirmed liquidity_drain, start and end within one sample", () => {
    const { truth, base, during, fell } = drainSamples(TIMELINE_SPANS.drainTwoExchanges);
    expect(during).toHaveLength(TIMELINE_SPANS.drainTwoExchanges[1]);
    for (const s of during) {
      expect(s.depth_2pct_usd.total_usd!).toBeCloseTo((1 - DEPTH_DROP_SHARE) * base.total_usd!, -2);
      expect(fell(s)).toHaveLength(2);
      for (const v of fell(s)) expect(v).toMatch(/^cex:/);
    }
    const confirmed = eventsOf(TIMELINE_SUBJECTS.drain, "liquidity_drain").filter(
      (e) => e.confirmed,
    );
    expect(confirmed).toHaveLength(1);
    expect(within(confirmed[0]!.start, truth.fromMs)).toBe(true);
    expect(within(confirmed[0]!.end, truth.toMs)).toBe(true);
  });

  it("the same drop on one exchange only → no confirmed event", () => {
    const { truth, during, fell } = drainSamples(TIMELINE_SPANS.drainOneExchange);
    expect(during).toHaveLength(TIMELINE_SPANS.drainOneExchange[1]);
    for (const s of during) {
      expect(fell(s)).toHaveLength(1);
      expect(fell(s)[0]).toMatch(/^cex:/);
    }
    const drains = eventsOf(TIMELINE_SUBJECTS.drain, "liquidity_drain").filter(
      (e) =>
        Date.parse(e.start) >= truth.fromMs - tl.intervalMs &&
        Date.parse(e.start) <= truth.toMs + tl.intervalMs,
    );
    expect(drains.filter((e) => e.confirmed)).toEqual([]);
  });

  it("an exchange that stops answering → no event for any coin", () => {
    const down = spanMs(tl, TIMELINE_SPANS.exchangeDown);
    const raised = events.filter(
      (e) =>
        Date.parse(e.start) >= down.fromMs - tl.intervalMs &&
        Date.parse(e.start) <= down.toMs + tl.intervalMs,
    );
    expect(raised).toEqual([]);
  });

  it("a $1M sale at 0.985 for 3 samples while the mid stays at 1.000 → one depeg_at_size", () => {
    const truth = spanMs(tl, TIMELINE_SPANS.saleAtSize);
    const coin = TIMELINE_SUBJECTS.saleAtSize;
    const during = (samples.get(coin) ?? []).filter((s) => s.t >= truth.fromMs && s.t < truth.toMs);
    expect(during.length).toBe(TIMELINE_SPANS.saleAtSize[1]);
    for (const s of during) expect(Math.abs((s.price.usd ?? 0) - 1)).toBeLessThan(0.005);
    const raised = eventsOf(coin, "depeg_at_size");
    expect(raised).toHaveLength(1);
    expect(within(raised[0]!.start, truth.fromMs)).toBe(true);
  });

  it("USDC's Base pools at 0.965 for 3 samples → one chain_local_depeg naming base, none elsewhere", () => {
    const { coin, chain } = TIMELINE_SUBJECTS.chainLocal;
    const truth = spanMs(tl, TIMELINE_SPANS.chainLocal);
    const local = eventsOf(coin, "chain_local_depeg");
    expect(local.map((e) => e.chain)).toEqual([chain]);
    expect(within(local[0]!.start, truth.fromMs)).toBe(true);
    // Elsewhere: only the recorded one (DAI on arbitrum, from the first sample on).
    const others = events
      .filter((e) => e.type === "chain_local_depeg" && e.symbol !== symbolOf(coin))
      .map((e) => `${e.symbol}:${e.chain}`);
    expect(others).toEqual(["DAI:arbitrum"]);
  });

  it("a risk component dropping the score by 12 points → one risk_score_change naming it", () => {
    const raised = eventsOf(TIMELINE_SUBJECTS.riskWick, "risk_score_change");
    expect(raised).toHaveLength(1);
    const deltas = raised[0]!.component_deltas ?? [];
    expect(deltas[0]?.component).toBe("pegStability");
    const move = deltas.reduce((s, d) => s + d.score_delta_points, 0);
    expect(Math.round(move)).toBe(-12);
  });
});
