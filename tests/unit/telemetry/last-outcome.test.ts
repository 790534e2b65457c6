/**
 * `/api/health` shows each source's last call (`telemetry.lastOutcome`): a provider called a
 * thousand times since must not hide a quiet provider's last call (seen on the full-market demo,
 * where the refresher's calls pushed the order books out of a shared list of recent calls).
 */
import { telemetry } from "@/lib/telemetry";

beforeEach(() => telemetry.reset());

it("keeps each provider's last call, however many calls other providers made since", () => {
  telemetry.recordProviderCall({
    provider: "binance",
    endpoint: "/api/v3/depth",
    outcome: "http",
    durationMs: 12,
  });
  for (let i = 0; i < 1_000; i++)
    telemetry.recordProviderCall({
      provider: "coingecko",
      endpoint: "/coins/{id}/market_chart",
      outcome: "ok",
      durationMs: 1,
    });
  expect(telemetry.lastOutcome("binance")).toMatchObject({ outcome: "http", durationMs: 12 });
  expect(telemetry.lastOutcome("coingecko")).toMatchObject({ outcome: "ok" });
  expect(telemetry.lastOutcome("kraken")).toBeUndefined();
});

it("the last call wins, and a reset forgets it", () => {
  const call = (outcome: "ok" | "timeout") =>
    telemetry.recordProviderCall({
      provider: "kraken",
      endpoint: "/0/public/Depth",
      outcome,
      durationMs: 5,
    });
  call("timeout");
  call("ok");
  expect(telemetry.lastOutcome("kraken")?.outcome).toBe("ok");
  telemetry.reset();
  expect(telemetry.lastOutcome("kraken")).toBeUndefined();
});
