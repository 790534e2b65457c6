/** Issue 25 §5: what a stored scheduled snapshot says about itself, at explicit times. */
import {
  COMPLETED_STATE,
  snapshotIssues,
  type SnapshotMeta,
} from "@/lib/snapshot/snapshot-quality";

const HOUR_S = 3_600;
const TTL_S = 12 * HOUR_S;
const ENDED = "2026-01-01T00:00:00.000Z";
const ENDED_MS = Date.parse(ENDED);
const healthy: SnapshotMeta = {
  executionEndedAt: ENDED,
  state: COMPLETED_STATE,
  truncated: false,
  droppedRows: 0,
};
const issues = (meta: Partial<SnapshotMeta>, nowMs = ENDED_MS + HOUR_S * 1_000) =>
  snapshotIssues("supplyByChain", { ...healthy, ...meta }, TTL_S, nowMs);

describe("snapshotIssues", () => {
  it("a complete, recent result has none", () => {
    expect(issues({})).toEqual([]);
  });

  it("a result cut off by the page cap is onchain_truncated", () => {
    const [only, ...rest] = issues({ truncated: true });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ reason: "truncated" });
    expect(only?.warning).toMatch(/^Dune \(on-chain-scheduled\): the supply-by-chain snapshot /);
  });

  it("a result whose state is not QUERY_STATE_COMPLETED is onchain_partial", () => {
    for (const state of ["QUERY_STATE_COMPLETED_PARTIAL", "QUERY_STATE_FAILED", "weird"]) {
      expect(issues({ state }).map((i) => i.reason)).toEqual(["partial"]);
    }
    // The upstream state string never reaches the sentence.
    expect(issues({ state: "<script>" })[0]?.warning).not.toContain("<script>");
  });

  it("rows dropped by validation are onchain_rows_dropped with the count", () => {
    const [i] = issues({ droppedRows: 3 });
    expect(i).toMatchObject({ reason: "rows_dropped", droppedRows: 3 });
    expect(i?.warning).toBe(
      "Dune (on-chain-scheduled): 3 rows of the supply-by-chain snapshot failed validation and were dropped.",
    );
    expect(issues({ droppedRows: 1 })[0]?.warning).toContain(" 1 row of ");
  });

  it("a result older than twice its class TTL is onchain_scheduler_stale with the age", () => {
    const twice = ENDED_MS + 2 * TTL_S * 1_000;
    expect(issues({}, twice)).toEqual([]); // exactly 2 × TTL: not yet
    const [i] = issues({}, twice + 1_000);
    expect(i).toMatchObject({ reason: "scheduler_stale", ageSeconds: 2 * TTL_S + 1 });
    expect(i?.warning).toBe(
      "Dune (on-chain-scheduled): the supply-by-chain snapshot is 24 hours old (last run 2026-01-01T00:00:00.000Z), more than twice its 12-hour refresh interval; the scheduled refresh appears to have stopped.",
    );
  });

  it("reports every issue at once, in a fixed order", () => {
    const all = issues(
      { truncated: true, state: "QUERY_STATE_FAILED", droppedRows: 2 },
      ENDED_MS + 3 * TTL_S * 1_000,
    );
    expect(all.map((i) => i.reason)).toEqual([
      "truncated",
      "partial",
      "rows_dropped",
      "scheduler_stale",
    ]);
  });

  it("an unparseable end time is never called stale (unknown is not old)", () => {
    expect(issues({ executionEndedAt: "not a time" }, ENDED_MS + 10 * TTL_S * 1_000)).toEqual([]);
  });
});
