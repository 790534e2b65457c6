import {
  dailyPricePoints,
  stablecoinPricesSchema,
  toDailyPriceTable,
} from "@/lib/providers/defillama/prices";
import { sampleJson } from "../../fake-upstream/data/samples";
import { stablecoinPrices } from "../../fake-upstream/data/defillama-prices";

const DAY_S = 86_400;

describe("DefiLlama /stablecoinprices → daily price table", () => {
  it("maps the recorded sample: keyed by gecko_id, null kept as a hole", () => {
    const raw = stablecoinPricesSchema.parse(
      sampleJson("defillama-stablecoinprices.reconstructed.json"),
    );
    const table = toDailyPriceTable(raw);
    expect(table.datesMs).toEqual([1764547200_000, 1764633600_000]);
    // Kept to 1e-6 USD (0.01 bps).
    expect(table.prices["usd-coin"]).toEqual([0.99981, 0.99981]);
    // husd appears on the second row only, as null: no price on either date.
    expect(table.prices.husd).toEqual([null, null]);
    expect(dailyPricePoints(table, "husd")).toEqual([]);
    expect(dailyPricePoints(table, "nope")).toEqual([]);
    expect(dailyPricePoints(table, "tether")).toHaveLength(2);
  });

  it("sorts, de-duplicates dates, keeps the last N days and drops non-prices", () => {
    const raw = stablecoinPricesSchema.parse([
      { date: 3 * DAY_S, prices: { a: "1.01", b: 0 } },
      { date: String(1 * DAY_S), prices: { a: 0.99, __proto__x: 1 } },
      { date: 2 * DAY_S, prices: { a: 1 } },
      { date: 2 * DAY_S, prices: { a: 1.002 } },
      { date: "bad", prices: { a: 1 } },
    ]);
    const table = toDailyPriceTable(raw, 2);
    expect(table.datesMs).toEqual([2 * DAY_S * 1000, 3 * DAY_S * 1000]);
    expect(table.prices.a).toEqual([1.002, 1.01]);
    expect(table.prices.b).toEqual([null, null]);
  });

  it("the fake serves a year of rows for every gecko id of the full world", () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const rows = stablecoinPrices(now, "full");
    const table = toDailyPriceTable(stablecoinPricesSchema.parse(rows));
    expect(table.datesMs).toHaveLength(366);
    expect(Object.keys(table.prices).length).toBeGreaterThan(200);
    expect(dailyPricePoints(table, "tether")).toHaveLength(366);
  });
});
