/**
 * Numbers in real route bodies carry no more decimals than their unit allows (bps 0.01, USD
 * amounts cents, prices and shares 1e-6, percentages 1e-4), whatever the maths produced — the
 * rounding is one serialisation step keyed on field names (lib/domain/precision.ts). The rules
 * here are restated independently of that module, so a wrong rule there fails here.
 */
import * as depegsRoute from "@/app/api/stablecoin-depegs/route";
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as poolsRoute from "@/app/api/stablecoin-pools/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import * as supplyRoute from "@/app/api/stablecoin-supply/route";
import { call, startHarness, type Harness } from "../helpers/harness";

type Handler = (r: Request) => Promise<Response>;

/** Decimal places allowed for a number under `key`. */
function allowed(key: string): number {
  if (key === "price" || key.endsWith("price_usd") || key.endsWith("_price")) return 6;
  if (key === "tolerance_usd") return 6;
  if (key.endsWith("_pct")) return 4;
  if (key.startsWith("share") || key.includes("_share")) return 6;
  if (key.endsWith("_bps") || key.endsWith("_usd")) return 2;
  return 6;
}

/** Decimal places of a number as JSON prints it (`1e-7` counts 7). */
function decimals(text: string): number {
  const [mantissa = "", exp] = text.toLowerCase().split("e");
  const frac = (mantissa.split(".")[1] ?? "").length;
  return Math.max(0, frac - Number(exp ?? 0));
}

/** Every `[path, key, raw number text]` in a JSON text, read from the text itself. */
function numbers(text: string): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  const walk = (v: unknown, path: string, key: string) => {
    if (typeof v === "number") out.push([path, key, String(v)]);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`, key));
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`, k);
  };
  walk(JSON.parse(text), "$", "");
  return out;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file");
});
afterAll(async () => {
  await h?.close();
});

const ROUTES: Array<[string, Handler, string]> = [
  ["intel", intelRoute.GET, "/api/stablecoin-intel?q=usdc"],
  ["intel (overlay-less coin)", intelRoute.GET, "/api/stablecoin-intel?q=usyc"],
  ["risk", riskRoute.GET, "/api/stablecoin-risk?q=usdc"],
  ["risk (overlay-less coin)", riskRoute.GET, "/api/stablecoin-risk?q=usyc"],
  ["supply", supplyRoute.GET, "/api/stablecoin-supply"],
  ["depegs", depegsRoute.GET, "/api/stablecoin-depegs?q=usdc&window=365d"],
  ["pools", poolsRoute.GET, "/api/stablecoin-pools?q=usdc&size_usd=1000000"],
];

describe("response precision", () => {
  it.each(ROUTES)(
    "%s: no number carries more decimals than its unit allows",
    async (_, handler, path) => {
      const res = await call(handler, path);
      expect(res.status).toBe(200);
      const found = numbers(await res.text());
      expect(found.length).toBeGreaterThan(5);
      const tooPrecise = found.filter(([, key, text]) => decimals(text) > allowed(key));
      expect(tooPrecise).toEqual([]);
    },
  );

  it("prints the peg deviation at 0.01 bps and keeps sub-cent prices", async () => {
    const res = await call(intelRoute.GET, "/api/stablecoin-intel?q=usdc");
    const { data } = (await res.json()) as {
      data: { price: number | null; peg_deviation_bps: number | null };
    };
    expect(data.price).toBe(0.999815);
    expect(data.peg_deviation_bps).toBe(-1.85);
  });
});
