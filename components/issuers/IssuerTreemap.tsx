import type { ReactNode } from "react";
import { formatUsd } from "@/components/format";
import type { TreemapDatum } from "./treemapData";
import { LABEL_STRIP, layoutTreemap, type Tile } from "./treemapLayout";

/** Fill (Tailwind 400), border (500) and label (900) per issuer; the same in light and dark mode. */
const PALETTE: ReadonlyArray<readonly [string, string, string]> = [
  ["#60a5fa", "#3b82f6", "#1e3a8a"],
  ["#34d399", "#10b981", "#064e3b"],
  ["#fbbf24", "#f59e0b", "#78350f"],
  ["#f87171", "#ef4444", "#7f1d1d"],
  ["#a78bfa", "#8b5cf6", "#4c1d95"],
  ["#22d3ee", "#06b6d4", "#164e63"],
  ["#fb923c", "#f97316", "#7c2d12"],
  ["#a3e635", "#84cc16", "#365314"],
  ["#f472b6", "#ec4899", "#831843"],
  ["#2dd4bf", "#14b8a6", "#134e4a"],
  ["#facc15", "#eab308", "#713f12"],
  ["#818cf8", "#6366f1", "#312e81"],
];
const ROOT_COLORS = ["#cbd5e1", "#94a3b8", "#1e293b"] as const;
const ROOT_LABEL = "All listed USD stablecoins";

/**
 * One layout per container shape (the container is 320 px high below `sm`, 416 px from `sm`),
 * drawn in percent of the frame so it stretches with the width; CSS shows the one that fits.
 */
const FRAMES = [
  { width: 358, height: 320, className: "sm:hidden" },
  { width: 1120, height: 416, className: "hidden sm:inline" },
] as const;

/** Approximate width of an 11 px label character, px (for choosing a label, not for clipping). */
const CHAR_PX = 6.5;
/** Tiles smaller than this on either side carry no label (tooltip only). */
const LABEL_MIN_PX = 16;

const pct = (v: number, of: number) => `${Number(((v / of) * 100).toFixed(2))}%`;

function colorsOf(tile: Tile): readonly [string, string, string] {
  return tile.depth === 0 ? ROOT_COLORS : PALETTE[tile.issuerIndex % PALETTE.length]!;
}

function titleOf(tile: Tile): string {
  const value = formatUsd(tile.value);
  if (tile.depth === 0) return `${ROOT_LABEL}: ${value}`;
  if (tile.depth === 1) return `${tile.name}: ${value}`;
  return `${tile.issuer} · ${tile.name}: ${value}`;
}

/** The text in a tile, or null; its HTML (in a foreignObject) truncates to the real width. */
function labelOf(tile: Tile): ReactNode {
  const { w, h } = tile.rect;
  if (tile.depth < 2) {
    if (!tile.labelStrip) return null;
    return (
      <span className="block truncate px-1.5 text-xs leading-[18px] font-medium">
        {tile.depth === 0 ? ROOT_LABEL : tile.name}
      </span>
    );
  }
  if (w < LABEL_MIN_PX || h < LABEL_MIN_PX) return null;
  const value = formatUsd(tile.value);
  const oneLine = (tile.name.length + 1 + value.length) * CHAR_PX + 10 <= w;
  const valueLine = !oneLine && h >= 2 * LABEL_MIN_PX && value.length * CHAR_PX + 8 <= w;
  return (
    <span className="flex h-full flex-col items-center justify-center px-1 text-center text-[11px] leading-tight">
      <span className="max-w-full truncate">{oneLine ? `${tile.name} ${value}` : tile.name}</span>
      {valueLine ? <span className="tabular max-w-full truncate">{value}</span> : null}
    </span>
  );
}

/** A tile: its rectangle (with the tooltip) and, when there is room, a label that lets hover through. */
function TileShape({ tile, width, height }: { tile: Tile; width: number; height: number }) {
  const [fill, stroke, text] = colorsOf(tile);
  const { x, y, w, h } = tile.rect;
  const label = labelOf(tile);
  return (
    <>
      <rect
        x={pct(x, width)}
        y={pct(y, height)}
        width={pct(w, width)}
        height={pct(h, height)}
        fill={fill}
        stroke={stroke}
      >
        <title>{titleOf(tile)}</title>
      </rect>
      {label ? (
        <foreignObject
          x={pct(x, width)}
          y={pct(y, height)}
          width={pct(w, width)}
          height={pct(tile.depth < 2 ? LABEL_STRIP : h, height)}
          color={text}
          className="pointer-events-none"
        >
          {label}
        </foreignObject>
      ) : null}
    </>
  );
}

/**
 * Issuer × chain treemap, laid out and drawn on the server as static SVG (no chart library, no
 * client JS); every tile has a `<title>` tooltip. The table alternative sits next to it.
 */
export function IssuerTreemap({ data, label }: { data: TreemapDatum; label: string }) {
  return (
    <div className="h-80 w-full sm:h-[26rem]" data-testid="issuer-treemap">
      <svg role="img" aria-label={label} width="100%" height="100%" className="block">
        {FRAMES.map((f) => (
          <g key={f.className} className={f.className}>
            {layoutTreemap(data, f.width, f.height).map((tile) => (
              <TileShape key={tile.key} tile={tile} width={f.width} height={f.height} />
            ))}
          </g>
        ))}
      </svg>
    </div>
  );
}
