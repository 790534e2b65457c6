import {
  DEFAULT_EVENT_SORT,
  EVENT_CSV_COLUMNS,
  eventsCsv,
  filterEvents,
  nextEventSort,
  NO_EVENT_FILTERS,
  sortEvents,
} from "@/components/depegs/rows";
import type { DepegEventJson } from "@/lib/depegs/json";

function ev(asset: string, start: string, worst: number, hours: number): DepegEventJson {
  return {
    id: `${asset}:hourly:${start}`,
    asset,
    coingecko_id: asset.toLowerCase(),
    defillama_id: null,
    selector: asset.toLowerCase(),
    start,
    end: null,
    ongoing: true,
    started_before_series: false,
    direction: worst < 0 ? "below" : "above",
    worst_deviation_bps: worst,
    worst_price_usd: 1 + worst / 10_000,
    worst_at: start,
    duration_hours: hours,
    points: 3,
    gaps: 0,
    granularity: "hourly",
    resolution: "hourly",
    confirmation: { status: "not_required", reason: "no_second_source", confirmed_by: [] },
    sources: [
      {
        name: "CoinGecko",
        type: "market",
        series: "x",
        resolution: "hourly",
        role: "opened",
        as_of: start,
      },
    ],
  };
}

const ROWS = [
  ev("USDC", "2025-03-01T00:00:00.000Z", -150, 4),
  ev("=cmd", "2025-05-01T00:00:00.000Z", 600, 30),
  ev("DAI", "2025-04-01T00:00:00.000Z", -1200, 2),
];

/** As-of time of the rows' log: after every event above. */
const AS_OF_MS = Date.parse("2025-06-01T00:00:00.000Z");

describe("depeg event rows", () => {
  it("keeps events open, or ended, within the window before the log's as-of time", () => {
    const ended = (start: string, end: string) => ({
      ...ev("X", start, -200, 2),
      end,
      ongoing: false,
    });
    const rows = [
      ended("2025-05-20T00:00:00.000Z", "2025-05-21T00:00:00.000Z"), // 11 days before as-of
      ended("2025-03-01T00:00:00.000Z", "2025-03-02T00:00:00.000Z"), // 91 days before
      ev("Y", "2024-01-01T00:00:00.000Z", -300, 9000), // still open
    ];
    const shown = (window: "30d" | "90d" | "365d") =>
      filterEvents(rows, { ...NO_EVENT_FILTERS, window }, AS_OF_MS).length;
    expect([shown("30d"), shown("90d"), shown("365d")]).toEqual([2, 2, 3]);
  });

  it("filters by coin, direction and minimum |depth|", () => {
    expect(
      filterEvents(ROWS, { ...NO_EVENT_FILTERS, asset: "DAI" }, AS_OF_MS).map((r) => r.asset),
    ).toEqual(["DAI"]);
    expect(filterEvents(ROWS, { ...NO_EVENT_FILTERS, direction: "above" }, AS_OF_MS)).toHaveLength(
      1,
    );
    expect(filterEvents(ROWS, { ...NO_EVENT_FILTERS, minDepthBps: 500 }, AS_OF_MS)).toHaveLength(2);
    expect(filterEvents(ROWS, { ...NO_EVENT_FILTERS, minDepthBps: 1000 }, AS_OF_MS)).toHaveLength(
      1,
    );
  });

  it("sorts newest first by default, by depth and duration on demand", () => {
    expect(sortEvents(ROWS, DEFAULT_EVENT_SORT).map((r) => r.asset)).toEqual([
      "=cmd",
      "DAI",
      "USDC",
    ]);
    const depth = nextEventSort(DEFAULT_EVENT_SORT, "depth");
    expect(depth).toEqual({ key: "depth", dir: "desc" });
    expect(sortEvents(ROWS, depth).map((r) => r.asset)).toEqual(["DAI", "=cmd", "USDC"]);
    const shortest = nextEventSort(nextEventSort(DEFAULT_EVENT_SORT, "duration"), "duration");
    expect(sortEvents(ROWS, shortest).map((r) => r.duration_hours)).toEqual([2, 4, 30]);
  });

  it("writes one CSV line per row with formula-safe text", () => {
    const csv = eventsCsv(ROWS);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(EVENT_CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/^'=cmd:hourly:/);
    expect(lines[1]!.split(",")).toHaveLength(EVENT_CSV_COLUMNS.length);
  });
});
