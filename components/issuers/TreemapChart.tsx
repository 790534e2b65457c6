"use client";

import { ResponsiveTreeMap, type ComputedNode } from "@nivo/treemap";
import { useSyncExternalStore } from "react";
import { formatUsd } from "@/components/format";
import type { TreemapDatum } from "./treemapData";

/** Tailwind 400 shades: readable with darkened labels in light and dark mode. */
const PALETTE = [
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
];
const ROOT_COLOR = "#cbd5e1";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia?.(REDUCED_MOTION);
  mq?.addEventListener?.("change", onChange);
  return () => mq?.removeEventListener?.("change", onChange);
}

/** Animation off for reduced motion, `?e2e=1` in the URL, or NEXT_PUBLIC_E2E=1 at build time. */
export function motionAllowed(): boolean {
  if (process.env.NEXT_PUBLIC_E2E === "1") return false;
  if (new URLSearchParams(window.location.search).get("e2e") === "1") return false;
  return !(window.matchMedia?.(REDUCED_MOTION).matches ?? false);
}

/** Cut a label to the tile width (nivo does not clip); empty when not even 3 characters fit. */
export function fitLabel(text: string, widthPx: number, charPx = 6.5): string {
  const max = Math.floor((widthPx - 10) / charPx);
  if (max < 3) return "";
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function Tooltip({ node }: { node: ComputedNode<TreemapDatum> }) {
  return (
    <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      <strong>{node.data.issuer ?? node.id}</strong>
      {node.data.issuer ? ` · ${node.id}` : null}
      <span className="tabular ml-1">{formatUsd(node.value)}</span>
    </div>
  );
}

/** The treemap itself; loaded lazily on the client only (see IssuerTreemap). */
export default function TreemapChart({ data, label }: { data: TreemapDatum; label: string }) {
  const animate = useSyncExternalStore(subscribe, motionAllowed, () => false);
  const issuerIndex = new Map((data.children ?? []).map((c, i) => [c.name, i]));
  const colorOf = (n: { treeDepth: number; pathComponents: string[] }) =>
    n.treeDepth === 0
      ? ROOT_COLOR
      : (PALETTE[(issuerIndex.get(n.pathComponents[1] ?? "") ?? 0) % PALETTE.length] ?? ROOT_COLOR);
  return (
    <ResponsiveTreeMap<TreemapDatum>
      data={data}
      identity="name"
      value="value"
      valueFormat={(v) => formatUsd(v)}
      tile="squarify"
      leavesOnly={false}
      innerPadding={2}
      outerPadding={2}
      enableParentLabel
      parentLabelSize={18}
      parentLabel={(n) =>
        fitLabel(n.treeDepth === 0 ? "All listed USD stablecoins" : String(n.id), n.width)
      }
      parentLabelTextColor={{ from: "color", modifiers: [["darker", 3]] }}
      label={(n) => {
        const full = `${n.id} ${n.formattedValue}`;
        return full.length * 6.5 + 10 <= n.width ? full : fitLabel(String(n.id), n.width);
      }}
      orientLabel={false}
      labelSkipSize={16}
      labelTextColor={{ from: "color", modifiers: [["darker", 3]] }}
      colors={colorOf}
      nodeOpacity={1}
      borderWidth={1}
      borderColor={{ from: "color", modifiers: [["darker", 0.4]] }}
      tooltip={Tooltip}
      animate={animate}
      role="img"
      ariaLabel={label}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
    />
  );
}
