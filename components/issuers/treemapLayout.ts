/**
 * Squarified treemap layout (Bruls, Huizing & van Wijk 2000), pure and synchronous so the
 * server can draw the issuer treemap as static SVG. Presentation only: rectangles for values.
 */
import type { TreemapDatum } from "./treemapData";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Space between sibling tiles and inside a parent's edge, px. */
export const TILE_GAP = 2;
/** Height of a parent's label strip, px (only when the parent is tall enough). */
export const LABEL_STRIP = 18;

const EMPTY = (r: Rect): Rect => ({ x: r.x, y: r.y, w: 0, h: 0 });

/** Worst aspect ratio of a row of areas with sum `sum` laid along a side of length `side`. */
function worst(sum: number, min: number, max: number, side: number): number {
  const s2 = sum * sum;
  const l2 = side * side;
  return Math.max((l2 * max) / s2, s2 / (l2 * min));
}

/**
 * Rectangles filling `rect` with areas proportional to `values` (in input order). Largest values
 * first; each row is laid along the shorter side and kept while its worst aspect ratio improves.
 * Non-positive or non-finite values get an empty rectangle.
 */
export function squarify(values: readonly number[], rect: Rect): Rect[] {
  const out: Rect[] = values.map(() => EMPTY(rect));
  const order = values
    .map((_, i) => i)
    .filter((i) => Number.isFinite(values[i]) && values[i]! > 0)
    .sort((a, b) => values[b]! - values[a]! || a - b);
  let remaining = order.reduce((s, i) => s + values[i]!, 0);
  let { x, y, w, h } = rect;
  let i = 0;
  while (i < order.length && w > 0 && h > 0 && remaining > 0) {
    const scale = (w * h) / remaining;
    const side = Math.min(w, h);
    let sum = 0;
    let min = Infinity;
    let max = 0;
    let best = Infinity;
    let j = i;
    while (j < order.length) {
      const area = values[order[j]!]! * scale;
      const next = worst(sum + area, Math.min(min, area), Math.max(max, area), side);
      if (j > i && next > best) break;
      best = next;
      sum += area;
      min = Math.min(min, area);
      max = Math.max(max, area);
      j++;
    }
    const last = j === order.length;
    const thick = last ? (w >= h ? w : h) : sum / side;
    let offset = 0;
    for (let k = i; k < j; k++) {
      const area = values[order[k]!]! * scale;
      const length = (area / sum) * side;
      out[order[k]!] =
        w >= h
          ? { x, y: y + offset, w: thick, h: length }
          : { x: x + offset, y, w: length, h: thick };
      offset += length;
    }
    if (w >= h) {
      x += thick;
      w -= thick;
    } else {
      y += thick;
      h -= thick;
    }
    remaining -= sum / scale;
    i = j;
  }
  return out;
}

function inset(r: Rect, top: number, side: number): Rect {
  return {
    x: r.x + side,
    y: r.y + top,
    w: Math.max(0, r.w - 2 * side),
    h: Math.max(0, r.h - top - side),
  };
}

/** Sum of the leaf values under a node (values live on leaves only). */
export function leafSum(node: TreemapDatum): number {
  if (!node.children || node.children.length === 0) {
    return Number.isFinite(node.value) && node.value! > 0 ? node.value! : 0;
  }
  return node.children.reduce((s, c) => s + leafSum(c), 0);
}

export interface Tile {
  /** Unique within the layout: the issuer path and the leaf's index. */
  key: string;
  /** 0 root, 1 issuer, 2 chain (leaf). */
  depth: 0 | 1 | 2;
  name: string;
  /** The issuer a tile belongs to (undefined for the root). */
  issuer?: string;
  /** Index of the issuer among the root's children, for its colour (-1 for the root). */
  issuerIndex: number;
  value: number;
  rect: Rect;
  /** Whether a parent has room for its label strip. */
  labelStrip: boolean;
}

/** A parent keeps a label strip when it is at least this many px high and wide. */
const STRIP_MIN_H = 2 * LABEL_STRIP;
const STRIP_MIN_W = 30;

function childrenArea(r: Rect): { content: Rect; labelStrip: boolean } {
  const labelStrip = r.h >= STRIP_MIN_H && r.w >= STRIP_MIN_W;
  return { content: inset(r, labelStrip ? LABEL_STRIP : TILE_GAP, TILE_GAP), labelStrip };
}

/**
 * Tiles for a two-level tree (root → issuers → chains) in a `width` × `height` px frame, parents
 * before their children (draw order). Tiles smaller than `minSize` px on a side are left out.
 */
export function layoutTreemap(
  root: TreemapDatum,
  width: number,
  height: number,
  minSize = 1,
): Tile[] {
  const frame = { x: 0, y: 0, w: width, h: height };
  const rootArea = childrenArea(frame);
  const tiles: Tile[] = [
    {
      key: root.name,
      depth: 0,
      name: root.name,
      issuerIndex: -1,
      value: leafSum(root),
      rect: frame,
      labelStrip: rootArea.labelStrip,
    },
  ];
  const issuers = root.children ?? [];
  const issuerRects = squarify(issuers.map(leafSum), rootArea.content);
  issuers.forEach((issuer, i) => {
    const r = inset(issuerRects[i]!, TILE_GAP / 2, TILE_GAP / 2);
    if (r.w < minSize || r.h < minSize) return;
    const area = childrenArea(r);
    tiles.push({
      key: `${root.name}/${issuer.name}`,
      depth: 1,
      name: issuer.name,
      issuer: issuer.name,
      issuerIndex: i,
      value: leafSum(issuer),
      rect: r,
      labelStrip: area.labelStrip,
    });
    const leaves = issuer.children ?? [];
    const leafRects = squarify(leaves.map(leafSum), area.content);
    leaves.forEach((leaf, k) => {
      const lr = inset(leafRects[k]!, TILE_GAP / 2, TILE_GAP / 2);
      if (lr.w < minSize || lr.h < minSize) return;
      tiles.push({
        key: `${root.name}/${issuer.name}/${k}`,
        depth: 2,
        name: leaf.name,
        issuer: leaf.issuer ?? issuer.name,
        issuerIndex: i,
        value: leafSum(leaf),
        rect: lr,
        labelStrip: false,
      });
    });
  });
  return tiles;
}
