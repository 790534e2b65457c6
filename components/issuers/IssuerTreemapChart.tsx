"use client";

import { ResponsiveTreeMap } from "@nivo/treemap";
import { formatUsd } from "@/components/format";
import type { TreemapDatum } from "./treemapData";
import { leafLabel, parentLabel } from "./treemapLabel";

/** Fill per issuer (Tailwind 400s); labels are dark on every fill (contrast ≥ 4.5:1). */
export const PALETTE = [
  "#60a5fa",
  "#34d399",
  "#fbbf24",
  "#f87171",
  "#a78bfa",
  "#22d3ee",
  "#fb923c",
  "#a3e635",
  "#f472b6",
  "#2dd4bf",
  "#facc15",
  "#818cf8",
] as const;
const LABEL_COLOR = "#0f172a";
const BORDER_COLOR = "#ffffff";
const PARENT_LABEL_PX = 18;
const SHARE_DIGITS = 2;

const sharePct = (value: number, total: number) =>
  `${total > 0 ? ((value / total) * 100).toFixed(SHARE_DIGITS) : "0.00"}%`;

/**
 * The nivo treemap itself (loaded on demand by IssuerTreemap). Clicking a tile calls `onPick`
 * with its issuer; the tooltip gives the value and its share of the listed total.
 */
export default function IssuerTreemapChart({
  data,
  total,
  label,
  animate,
  onPick,
  colorOrder,
}: {
  data: TreemapDatum;
  /** Issuers in the whole tree's order: an issuer keeps its colour when drilled into. */
  colorOrder: readonly string[];
  total: number;
  label: string;
  animate: boolean;
  onPick: (issuer: string) => void;
}) {
  const colorOf = (issuer: string | undefined) =>
    PALETTE[Math.max(0, colorOrder.indexOf(issuer ?? "")) % PALETTE.length]!;
  return (
    <ResponsiveTreeMap<TreemapDatum>
      data={data}
      identity={(d) => `${d.issuer ?? ""}/${d.name}`}
      value="value"
      valueFormat={(v) => formatUsd(v)}
      tile="squarify"
      leavesOnly={false}
      innerPadding={1}
      outerPadding={2}
      enableParentLabel
      parentLabel={(n) => parentLabel(n.data.name, n)}
      parentLabelSize={PARENT_LABEL_PX}
      parentLabelTextColor={LABEL_COLOR}
      // Only what fits its tile (treemapLabel.ts); the tooltip and the issuer table carry the rest.
      label={(n) => leafLabel(n.data.name, String(n.formattedValue), n)}
      orientLabel={false}
      labelTextColor={LABEL_COLOR}
      colors={(n) =>
        n.isLeaf
          ? colorOf(n.data.issuer)
          : n.pathComponents.length === 1
            ? "#e2e8f0"
            : colorOf(n.data.name)
      }
      nodeOpacity={1}
      borderWidth={1}
      borderColor={BORDER_COLOR}
      animate={animate}
      role="img"
      ariaLabel={label}
      onClick={(n) => {
        const issuer = n.data.issuer ?? (n.pathComponents.length === 2 ? n.data.name : null);
        if (issuer) onPick(issuer);
      }}
      tooltip={({ node }) => (
        <div
          className="rounded border border-slate-300 bg-white px-2 py-1 text-xs whitespace-nowrap text-slate-900 shadow"
          data-testid="treemap-tooltip"
        >
          <strong>
            {node.data.issuer ? `${node.data.issuer} · ${node.data.name}` : node.data.name}
          </strong>
          <br />
          {node.formattedValue} · {sharePct(node.value, total)} of the listed total
        </div>
      )}
    />
  );
}
