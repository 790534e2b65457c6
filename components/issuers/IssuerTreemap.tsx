"use client";

import dynamic from "next/dynamic";
import { useId, useMemo, useState, useSyncExternalStore } from "react";
import { formatUsd } from "@/components/format";
import { useNearViewport } from "@/components/ui/useNearViewport";
import {
  expandTree,
  issuerTreemapData,
  type CompactIssuer,
  type TreemapDatum,
} from "./treemapData";

/** Same box as the chart: the server placeholder and the chart never shift the layout. */
export const TREEMAP_BOX = "h-80 w-full sm:h-[26rem]";

function Placeholder() {
  return (
    <div
      aria-hidden="true"
      className={`${TREEMAP_BOX} rounded bg-slate-100 dark:bg-slate-800/60`}
      data-testid="treemap-placeholder"
    />
  );
}

const IssuerTreemapChart = dynamic(() => import("./IssuerTreemapChart"), {
  ssr: false,
  loading: () => <Placeholder />,
});

const noSubscribe = () => () => {};
/** Animation off under automation (tests) and for people who ask for reduced motion. */
function useAnimate(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () =>
      !navigator.webdriver &&
      !(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false),
    () => false,
  );
}

/**
 * Issuer → chain treemap (@nivo/treemap, loaded when it nears the viewport). Drill down from an
 * issuer to its chains by clicking its tiles or with the issuer picker (keyboard), and back.
 * The issuer table next to it carries the same numbers for screen readers.
 */
export function IssuerTreemap({
  tree: compact,
  total,
  label,
}: {
  tree: readonly CompactIssuer[];
  total: number;
  label: string;
}) {
  const [issuer, setIssuer] = useState<string | null>(null);
  const tree = useMemo(() => expandTree(compact), [compact]);
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const animate = useAnimate();
  const pickerId = useId();
  const data: TreemapDatum = useMemo(() => issuerTreemapData(tree, issuer), [tree, issuer]);
  const drilled = issuer !== null && data.children && data.children.length > 0;
  const issuers = useMemo(() => tree.children.filter((c) => c.value > 0), [tree]);
  const colorOrder = useMemo(() => issuers.map((c) => c.name), [issuers]);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <div>
          <label
            htmlFor={pickerId}
            className="block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            Chains of
          </label>
          <select
            id={pickerId}
            value={issuer ?? ""}
            onChange={(e) => setIssuer(e.target.value || null)}
            className="mt-1 h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="">All issuers</option>
            {issuers.map((c) => (
              // One text node per option (not four): a long list the browser and hydration build.
              <option key={c.name} value={c.name}>
                {`${c.name} (${formatUsd(c.value)})`}
              </option>
            ))}
          </select>
        </div>
        {drilled ? (
          <button
            type="button"
            onClick={() => setIssuer(null)}
            className="h-9 rounded-md border border-slate-300 px-3 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Back to all issuers
          </button>
        ) : null}
      </div>
      <div ref={ref} className={TREEMAP_BOX} data-testid="issuer-treemap">
        {near ? (
          <IssuerTreemapChart
            data={data}
            total={total}
            label={drilled ? `${label} Showing the chains of ${issuer}.` : label}
            animate={animate}
            colorOrder={colorOrder}
            onPick={(i) => setIssuer((cur) => (cur === i ? null : i))}
          />
        ) : (
          <Placeholder />
        )}
      </div>
    </div>
  );
}
