/** The exit-cost world's fan-out shape (scripts/bench/fan-out-shape.ts), on explicit spans. */
import { fanOutShape } from "@/scripts/bench/fan-out-shape";

const span = (atMs: number, endMs: number | null) => ({ atMs, endMs });

describe("fanOutShape", () => {
  it("no calls: no wave, no upstream time", () => {
    expect(fanOutShape([])).toEqual({ waves: 0, upstreamMs: 0 });
  });

  it("calls in flight together are one wave; upstream time is their union", () => {
    expect(fanOutShape([span(0, 300), span(10, 310), span(50, 350)])).toEqual({
      waves: 1,
      upstreamMs: 350,
    });
  });

  it("a call started after one of the wave answered opens the next wave", () => {
    // Context (0–300, 20–320), then books and quotes (400–700, 405–705): 2 waves, a 80 ms gap.
    const calls = [span(400, 700), span(0, 300), span(405, 705), span(20, 320)];
    expect(fanOutShape(calls)).toEqual({ waves: 2, upstreamMs: 320 + 305 });
  });

  it("a call started before any of the wave answered stays in it, even after others began", () => {
    expect(fanOutShape([span(0, 300), span(299, 600)]).waves).toBe(1);
    expect(fanOutShape([span(0, 300), span(300, 600)]).waves).toBe(2);
  });

  it("three dependent steps are three waves", () => {
    expect(fanOutShape([span(0, 100), span(110, 210), span(220, 320)])).toEqual({
      waves: 3,
      upstreamMs: 300,
    });
  });

  it("a pending call joins a wave but neither ends it nor adds upstream time", () => {
    expect(fanOutShape([span(0, null), span(5, 105)])).toEqual({ waves: 1, upstreamMs: 100 });
    expect(fanOutShape([span(0, 100), span(150, null), span(160, 200)])).toEqual({
      waves: 2,
      upstreamMs: 140,
    });
  });
});
