"use client";

import { ResponsiveSankey, type SankeyLinkDatum, type SankeyNodeDatum } from "@nivo/sankey";
import { formatUsd } from "@/components/format";
import type { SankeyData, SankeyLink, SankeyNode } from "./sankey-data";

type Node = SankeyNodeDatum<SankeyNode, SankeyLink>;
type Link = SankeyLinkDatum<SankeyNode, SankeyLink>;

const TIP =
  "rounded border border-slate-200 bg-white px-2 py-1 text-xs text-slate-900 shadow dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

function NodeTooltip({ node }: { node: Node }) {
  return (
    <div className={TIP}>
      <strong>{node.name}</strong>
      <span className="tabular ml-1">{formatUsd(node.value)}</span>
    </div>
  );
}

function LinkTooltip({ link }: { link: Link }) {
  return (
    <div className={TIP}>
      <strong>
        {link.source.name.replace(/ →$/, "")} → {link.target.name.replace(/^→ /, "")}
      </strong>
      <span className="tabular ml-1">{formatUsd(link.value)}</span>
    </div>
  );
}

/** The Sankey itself; loaded lazily on the client only (see LazySankey). Never animated. */
export default function SankeyChart({ data, label }: { data: SankeyData; label: string }) {
  return (
    <ResponsiveSankey<SankeyNode, SankeyLink>
      data={{ nodes: data.nodes, links: data.links }}
      margin={{ top: 8, right: 112, bottom: 8, left: 112 }}
      align="justify"
      sort="descending"
      colors={{ datum: "color" }}
      valueFormat={(v) => formatUsd(v)}
      nodeOpacity={1}
      nodeThickness={14}
      nodeSpacing={14}
      nodeBorderWidth={0}
      nodeBorderRadius={2}
      linkOpacity={0.4}
      linkHoverOpacity={0.6}
      linkContract={1}
      linkBlendMode="normal"
      enableLinkGradient={false}
      label={(n) => n.name}
      labelPosition="outside"
      labelPadding={8}
      labelTextColor="currentColor"
      theme={{ text: { fontSize: 12, fill: "currentColor" } }}
      nodeTooltip={NodeTooltip}
      linkTooltip={LinkTooltip}
      animate={false}
      role="img"
      ariaLabel={label}
    />
  );
}
