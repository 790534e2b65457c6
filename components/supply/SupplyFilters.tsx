"use client";

import Link from "next/link";
import { useId, type ReactNode } from "react";
import { chainPath } from "@/components/chains/paths";
import { chainLabel } from "@/components/format";
import { ALL, type BackingFilter, type Filters } from "./rows";

const BACKING_OPTIONS: ReadonlyArray<[BackingFilter, string]> = [
  [ALL, "All types"],
  ["fiat-backed", "Fiat-backed"],
  ["crypto-backed", "Crypto-backed"],
  ["algorithmic", "Algorithmic"],
];

const control =
  "mt-1 h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900";

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600 dark:text-slate-300">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Chain, type, text and dead-coin filters over the rows already on the page (no request). */
export function SupplyFilters({
  filters,
  chains,
  onChange,
}: {
  filters: Filters;
  chains: readonly string[];
  onChange: (next: Filters) => void;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Field id={`${id}-chain`} label="Chain">
        <select
          id={`${id}-chain`}
          className={control}
          value={filters.chain}
          onChange={(e) => onChange({ ...filters, chain: e.target.value })}
        >
          <option value={ALL}>All chains</option>
          {chains.map((c) => (
            <option key={c} value={c}>
              {chainLabel(c)}
            </option>
          ))}
        </select>
        {filters.chain !== ALL ? (
          <Link
            href={chainPath(filters.chain)}
            prefetch={false}
            data-testid="chain-page-link"
            className="mt-1 inline-block text-xs text-sky-700 underline dark:text-sky-400"
          >
            All stablecoins on {chainLabel(filters.chain)}
          </Link>
        ) : null}
      </Field>
      <Field id={`${id}-type`} label="Stablecoin type">
        <select
          id={`${id}-type`}
          className={control}
          value={filters.backing}
          onChange={(e) => onChange({ ...filters, backing: e.target.value as BackingFilter })}
        >
          {BACKING_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-text`} label="Symbol, name or issuer">
        <input
          id={`${id}-text`}
          type="search"
          className={control}
          value={filters.text}
          placeholder="e.g. USDC, Sky, Circle"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange({ ...filters, text: e.target.value })}
        />
      </Field>
      <label className="flex items-center gap-2 text-xs text-slate-600 sm:col-span-3 dark:text-slate-300">
        <input
          type="checkbox"
          checked={filters.dead}
          onChange={(e) => onChange({ ...filters, dead: e.target.checked })}
        />
        Show dead coins (DefiLlama: deprecated, delisted or dead; not in the totals or the rail)
      </label>
    </div>
  );
}
