import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { assetSegment, canonicalSelectors, decideAssetPath } from "@/lib/assets/canonical";
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { preferredSelector, resolveAsset } from "@/lib/assets/resolve";
import { aggregateRefs } from "./market-refs";

const fullMarket = aggregateRefs("full");
const table = canonicalSelectors(fullMarket);
const decide = (raw: string) => decideAssetPath(raw, table);

describe("canonicalSelectors over the whole market", () => {
  it("maps every coin's DefiLlama id to the selector its supply row carries", () => {
    for (const a of fullMarket)
      expect([a.id, table.get(a.id)]).toEqual([a.id, preferredSelector(a, fullMarket)]);
  });

  it("agrees with the resolver on every spelling it knows", () => {
    for (const [spelling, selector] of table) {
      const byTable = resolveAsset(selector, fullMarket);
      const bySpelling = resolveAsset(spelling, fullMarket);
      expect(byTable.ok && bySpelling.ok).toBe(true);
      if (byTable.ok && bySpelling.ok)
        expect(byTable.asset.defillamaId).toBe(bySpelling.asset.defillamaId);
    }
  });

  it("knows the overlay's coins without an aggregate list", () => {
    const overlayOnly = canonicalSelectors([]);
    for (const t of OVERLAY_COINS) {
      if (t.coingeckoId) expect(overlayOnly.get(t.coingeckoId)).toBe(t.symbol.toLowerCase());
      expect(overlayOnly.get(t.defillamaId)).toBe(t.symbol.toLowerCase());
    }
  });
});

describe("decideAssetPath", () => {
  it("serves the canonical spelling, encoded as links encode it", () => {
    expect(decide("usdc")).toEqual({ kind: "page" });
    expect(decide("usd%2B")).toEqual({ kind: "page" });
    expect(assetSegment("usd+")).toBe("usd%2B");
  });

  it.each([
    ["USDC", "usdc"],
    ["uSdC", "usdc"],
    ["usd-coin", "usdc"],
    ["2", "usdc"],
    ["%75sdc", "usdc"], // another percent-encoding of the same text
    ["usd+", "usd%2B"],
    ["USD%2b", "usd%2B"],
    ["Sperax-USD", "sperax-usd"],
  ])("redirects %s to %s", (raw, segment) => {
    expect(decide(raw)).toEqual({ kind: "redirect", segment });
  });

  it.each(["no-such-coin", "bad~coin", "bad%20coin", "%E0%A4%A", "..%2f..%2fpackage.json", ""])(
    "treats %j as unknown",
    (raw) => {
      expect(decide(raw)).toEqual({ kind: "unknown" });
    },
  );

  it("any string is served as a page only when it is a coin's one canonical segment", () => {
    const canonicalSegments = new Set([...table.values()].map(assetSegment));
    const variants = [...canonicalSegments].flatMap((s) => [
      s,
      s.toUpperCase(),
      decodeURIComponent(s),
    ]);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...variants)), (raw) => {
        const d = decide(raw);
        if (d.kind === "page") expect(canonicalSegments.has(raw)).toBe(true);
        if (d.kind === "redirect") {
          expect(canonicalSegments.has(d.segment)).toBe(true);
          expect(d.segment).not.toBe(raw);
        }
      }),
    );
  });
});

describe("next.config.mjs", () => {
  it("rewrites no page path: proxy.ts answers an unknown spelling's 404 itself", () => {
    const config = readFileSync(path.resolve(__dirname, "../../../next.config.mjs"), "utf8");
    expect(config).not.toMatch(/source: "\/stablecoins\/:asset",\s*has:/);
    expect(config).not.toMatch(/source: "\/chains\/:chain",\s*has:/);
  });
});
