"use client";

import { useMemo, useState } from "react";
import { backingLabel, chainLabel, formatInt } from "@/components/format";
import { EmptyState } from "@/components/ui/EmptyState";
import { Panel } from "./Panel";
import { pickSources } from "./Provenance";
import { PoolTable } from "./PoolTable";
import { VenueChainMatrix } from "./VenueChainMatrix";
import { PAIR_KIND_LABEL } from "./fmt";
import { ALL, filterPools, NO_FILTERS, optionsOf, type PoolFilters } from "./poolFilters";
import type { PoolsBody } from "./types";

const control =
  "mt-1 h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const labelCls = "block text-xs font-medium text-slate-600 dark:text-slate-300";

function Select({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<[string, string]>;
  allLabel: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className={labelCls}>
      {label}
      <select className={control} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={ALL}>{allLabel}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Why no pool is listed: the pool lookups' own warning (contracts, answers), else the default. */
function noPoolsReason(body: PoolsBody): string {
  const i = body.warning_codes.findIndex((c) => !c.startsWith("aggregate_"));
  return body.warnings[i] ?? "The DEX aggregator returned no usable pool for this asset.";
}

/** Pool map: venue × chain summary and pool table, filtered client-side on the current rows. */
export function PoolMap({ body, backing }: { body: PoolsBody; backing: string | null }) {
  const [filters, setFilters] = useState<PoolFilters>(NO_FILTERS);
  const rows = useMemo(() => filterPools(body.pools, filters), [body.pools, filters]);
  const chains = optionsOf(body.pools, "chain").map((c): [string, string] => [c, chainLabel(c)]);
  const venues = optionsOf(body.pools, "venue").map((v): [string, string] => [v, v]);
  const kinds = Object.entries(PAIR_KIND_LABEL);
  const set = (k: keyof PoolFilters) => (v: string) => setFilters((f) => ({ ...f, [k]: v }));
  const filtered = rows.length !== body.pools.length;
  return (
    <Panel
      id="pool-map"
      title="Pool map"
      method="depth"
      description={`DEX pools holding ${body.asset} on ${body.metadata.chains_queried.map(chainLabel).join(", ") || "no chain"}, with each pool's modelled ±2% depth.`}
      sources={pickSources(body.metadata.sources, [{ name: "DexScreener", type: "liquidity" }])}
      className="md:col-span-2"
    >
      <div
        className="grid grid-cols-1 gap-3 sm:grid-cols-4"
        role="search"
        aria-label="Filter pools"
      >
        <Select
          label="Chain"
          value={filters.chain}
          options={chains}
          allLabel="All chains"
          onChange={set("chain")}
        />
        <Select
          label="DEX venue"
          value={filters.venue}
          options={venues}
          allLabel="All venues"
          onChange={set("venue")}
        />
        <Select
          label="Pair type"
          value={filters.pairKind}
          options={kinds}
          allLabel="All pair types"
          onChange={set("pairKind")}
        />
        <div className={labelCls}>
          Stablecoin type
          <p
            className="mt-1 flex h-9 items-center text-sm text-slate-900 dark:text-slate-100"
            data-testid="pool-backing"
          >
            {backingLabel(backing)} ({body.asset})
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 text-xs text-slate-600 dark:text-slate-300">
        <p aria-live="polite" data-testid="pool-count">
          Showing {formatInt(rows.length)} of {formatInt(body.pools.length)} pools
        </p>
        {filtered ? (
          <button
            type="button"
            className="text-sky-700 underline dark:text-sky-400"
            onClick={() => setFilters(NO_FILTERS)}
          >
            Clear filters
          </button>
        ) : null}
        {body.excluded.length > 0 ? (
          <p>
            {formatInt(body.excluded.length)} excluded (
            {[...new Set(body.excluded.map((e) => e.reason))].join(", ")})
          </p>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState
          title={body.pools.length === 0 ? "No DEX pools listed" : "No pool matches these filters"}
        >
          {body.pools.length === 0 ? noPoolsReason(body) : "Clear a filter to see more pools."}
        </EmptyState>
      ) : (
        <>
          <VenueChainMatrix pools={rows} />
          <PoolTable pools={rows} />
        </>
      )}
    </Panel>
  );
}
