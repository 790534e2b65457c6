import { HW } from "@/lib/history-api/warnings";
import { historyStart, NOT_SAMPLED_CODES } from "@/lib/history-series/start";

it("names the route's own codes for a coin it does not sample", () => {
  expect([...NOT_SAMPLED_CODES].sort()).toEqual([HW.belowFloor.code, HW.notSampled.code].sort());
});

it("started, not sampled (below the floor, no id) or not started yet", () => {
  const at = "2026-11-20T00:00:00.000Z";
  expect(historyStart({ history_start: at, warning_codes: [] })).toEqual({ kind: "started", at });
  expect(historyStart({ history_start: null, warning_codes: [HW.belowFloor.code] })).toEqual({
    kind: "not_sampled",
  });
  expect(historyStart({ history_start: null, warning_codes: [HW.notSampled.code] })).toEqual({
    kind: "not_sampled",
  });
  expect(historyStart({ history_start: null, warning_codes: [HW.notStarted.code] })).toEqual({
    kind: "not_started",
  });
});
