import fc from "fast-check";
import type { TreemapDatum } from "@/components/issuers/treemapData";
import {
  LABEL_STRIP,
  layoutTreemap,
  squarify,
  TILE_GAP,
  type Rect,
} from "@/components/issuers/treemapLayout";

const area = (r: Rect) => r.w * r.h;
const inside = (r: Rect, outer: Rect, eps = 1e-6) =>
  r.x >= outer.x - eps &&
  r.y >= outer.y - eps &&
  r.x + r.w <= outer.x + outer.w + eps &&
  r.y + r.h <= outer.y + outer.h + eps;
const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

describe("squarify", () => {
  const frame = { x: 10, y: 20, w: 600, h: 400 };

  it("fills the frame with areas proportional to the values, in input order", () => {
    const rects = squarify([6, 6, 4, 3, 2, 2, 1], frame);
    const total = 24;
    rects.forEach((r, i) => {
      expect(area(r)).toBeCloseTo((area(frame) * [6, 6, 4, 3, 2, 2, 1][i]!) / total, 6);
      expect(inside(r, frame)).toBe(true);
    });
    // The first row of the classic example is two squares-ish tiles along the short side.
    expect(rects[0]!.x).toBe(10);
    expect(rects[1]!.x).toBe(10);
  });

  it("gives empty rectangles to zero, negative and non-finite values", () => {
    const rects = squarify([0, 5, -1, Number.NaN, 5], frame);
    expect([0, 2, 3].map((i) => area(rects[i]!))).toEqual([0, 0, 0]);
    expect(area(rects[1]!)).toBeCloseTo(area(frame) / 2, 6);
    expect(squarify([], frame)).toEqual([]);
  });

  it("never overlaps, stays inside the frame and keeps proportions (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 1e12, noNaN: true }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        (values, w, h) => {
          const f = { x: 0, y: 0, w, h };
          const rects = squarify(values, f);
          const total = values.reduce((s, v) => s + v, 0);
          rects.forEach((r, i) => {
            expect(inside(r, f, 1e-6 * Math.max(w, h))).toBe(true);
            expect(area(r) / area(f)).toBeCloseTo(values[i]! / total, 6);
            for (let j = i + 1; j < rects.length; j++)
              expect(overlap(r, rects[j]!)).toBeLessThan(1e-6 * area(f));
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("layoutTreemap", () => {
  const tree: TreemapDatum = {
    name: "root",
    children: [
      {
        name: "A",
        children: [
          { name: "a1", value: 60, issuer: "A" },
          { name: "a2", value: 20, issuer: "A" },
        ],
      },
      { name: "B", children: [{ name: "b1", value: 20, issuer: "B" }] },
      { name: "Tiny", children: [{ name: "t1", value: 1e-9, issuer: "Tiny" }] },
    ],
  };

  it("nests chains inside their issuer, under the issuer's label strip, parents first", () => {
    const tiles = layoutTreemap(tree, 1000, 400);
    expect(tiles.map((t) => [t.depth, t.name])).toEqual([
      [0, "root"],
      [1, "A"],
      [2, "a1"],
      [2, "a2"],
      [1, "B"],
      [2, "b1"],
    ]);
    const root = tiles[0]!;
    expect(root.value).toBeCloseTo(100, 6);
    expect(root.rect).toEqual({ x: 0, y: 0, w: 1000, h: 400 });
    const a = tiles[1]!;
    expect(a.labelStrip).toBe(true);
    expect(a.rect.y).toBeGreaterThanOrEqual(LABEL_STRIP);
    for (const leaf of tiles.filter((t) => t.depth === 2)) {
      const parent = tiles.find((t) => t.depth === 1 && t.name === leaf.issuer)!;
      expect(inside(leaf.rect, parent.rect)).toBe(true);
      expect(leaf.rect.y).toBeGreaterThanOrEqual(parent.rect.y + LABEL_STRIP);
      expect(leaf.issuerIndex).toBe(parent.issuerIndex);
    }
    // Issuer A holds 80% of the value: roughly 80% of the drawable area, gaps aside.
    const drawable = (1000 - 2 * TILE_GAP) * (400 - LABEL_STRIP - TILE_GAP);
    expect(area(a.rect) / drawable).toBeGreaterThan(0.75);
    expect(area(a.rect) / drawable).toBeLessThan(0.8);
  });

  it("leaves out tiles too small to see and skips label strips that do not fit", () => {
    const tiles = layoutTreemap(tree, 60, 30);
    expect(tiles.some((t) => t.name === "Tiny" || t.name === "t1")).toBe(false);
    expect(tiles[0]!.labelStrip).toBe(false);
  });
});
