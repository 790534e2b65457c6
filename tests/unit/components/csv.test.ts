import { CSV_COLUMNS, csvCell, csvFileName, toCsv } from "@/components/supply/csv";
import { filterRows, NO_FILTERS } from "@/components/supply/rows";
import { entry, ROWS } from "./fixtures";

const parseLine = (line: string) => line.split(",");

describe("toCsv", () => {
  it("writes a header line and one line per row, CRLF-terminated", () => {
    const csv = toCsv(ROWS.slice(0, 2));
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    expect(parseLine(lines[1]!).slice(0, 7)).toEqual([
      "1",
      "USDT",
      "Tether",
      "1",
      "fiat-backed",
      "Tether",
      "187000000000",
    ]);
    expect(lines[1]).toContain(",ethereum;tron;bnb");
  });

  it("writes only the filtered rows", () => {
    const rows = filterRows(ROWS, { ...NO_FILTERS, backing: "algorithmic" });
    const csv = toCsv(rows);
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(csv).toContain("FRAX");
    expect(csv).toContain("SpiceUSD");
    expect(csv).not.toContain("USDT");
    expect(csv).not.toContain("Tether");
  });

  it("quotes commas, quotes and newlines, and leaves nulls empty", () => {
    const row = entry({
      rank: 9,
      id: "77",
      symbol: "Q,T",
      name: 'The "Quoted", Dollar\nLine 2',
      issuer: null,
      change_7d_pct: null,
      change_7d_usd: null,
      backing: null,
    });
    const line = toCsv([row]).split("\r\n")[1]!;
    expect(line).toContain('"Q,T"');
    expect(line).toContain('"The ""Quoted"", Dollar\nLine 2"');
    expect(line.startsWith('9,"Q,T","The ""Quoted"", Dollar\nLine 2",77,,,')).toBe(true);
  });

  it("neutralises formula-like text but not negative numbers", () => {
    expect(csvCell("=HYPERLINK(1)", { text: true })).toBe("'=HYPERLINK(1)");
    expect(csvCell("-x", { text: true })).toBe("'-x");
    expect(csvCell(-3.8)).toBe("-3.8");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  it("names the file after the data time", () => {
    expect(csvFileName("2025-06-01T14:05:00.000Z")).toBe("stablecoin-supply-2025-06-01T1405Z.csv");
    expect(csvFileName(null)).toBe("stablecoin-supply.csv");
  });
});
