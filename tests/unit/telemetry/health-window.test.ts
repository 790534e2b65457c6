/**
 * `/api/health` judges a source by its share of failed calls over the last five minutes, not by
 * its very last call: one 404 for a coin a provider does not know leaves the service "ok"; a
 * provider whose calls keep failing degrades it; failures older than the window are forgotten.
 */
import { resetConfigForTests } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { forgetHealthProbe, HEALTH_WINDOW_SECONDS, healthReport } from "@/lib/health";
import { MemoryKv, setKvForTests } from "@/lib/kv";
import { telemetry, type CallOutcome, type ProviderName } from "@/lib/telemetry";

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const WINDOW_MS = HEALTH_WINDOW_SECONDS * MS_PER_SECOND;

function call(provider: ProviderName, outcome: CallOutcome, atMs: number, status?: number) {
  telemetry.recordProviderCall(
    { provider, endpoint: "/coins/{id}", outcome, durationMs: 5, status },
    atMs,
  );
}

async function report(nowMs: number) {
  forgetHealthProbe();
  return healthReport(nowMs);
}

beforeEach(() => {
  telemetry.reset();
  // Dune configured, so only the sources and the store decide the status.
  process.env.DUNE_API_KEY = "unit-read-key";
  process.env.DUNE_QUERY_CEX_FLOWS = "123";
  resetConfigForTests();
  setKvForTests(new MemoryKv());
});

afterAll(() => {
  delete process.env.DUNE_API_KEY;
  delete process.env.DUNE_QUERY_CEX_FLOWS;
  resetConfigForTests();
});

it("one 404 among good calls, even as the last call, leaves the service ok", async () => {
  for (let i = 0; i < 20; i++) call("coingecko", "ok", T0 + i * 1_000);
  call("coingecko", "http", T0 + 21_000, 404);
  const r = await report(T0 + 22_000);
  const cg = r.sources.find((s) => s.provider === "coingecko")!;
  expect(cg.lastCall?.outcome).toBe("http");
  expect(cg.recent).toEqual({
    windowSeconds: HEALTH_WINDOW_SECONDS,
    calls: 21,
    failed: 1,
    failureShare: 1 / 21,
  });
  expect(r.status).toBe("ok");
});

it("a lone failed call does not degrade either", async () => {
  call("kraken", "http", T0, 404);
  expect((await report(T0 + 1_000)).status).toBe("ok");
});

it("a source whose calls keep failing over the window degrades the service", async () => {
  for (let i = 0; i < 6; i++) call("binance", i % 3 === 0 ? "ok" : "http", T0 + i * 1_000, 451);
  const r = await report(T0 + 10_000);
  expect(r.sources.find((s) => s.provider === "binance")!.recent).toMatchObject({
    calls: 6,
    failed: 4,
  });
  expect(r.status).toBe("degraded");
});

it("failures older than the window are forgotten", async () => {
  for (let i = 0; i < 5; i++) call("dexscreener", "timeout", T0 + i * 1_000);
  expect((await report(T0 + 10_000)).status).toBe("degraded");
  const later = await report(T0 + WINDOW_MS + 60_000);
  expect(later.sources.find((s) => s.provider === "dexscreener")!.recent).toMatchObject({
    calls: 0,
    failed: 0,
    failureShare: null,
  });
  expect(later.status).toBe("ok");
});

it("sources never called report an empty window", async () => {
  const r = await report(T0);
  for (const s of r.sources)
    expect(s.recent).toEqual({
      windowSeconds: HEALTH_WINDOW_SECONDS,
      calls: 0,
      failed: 0,
      failureShare: null,
    });
});
