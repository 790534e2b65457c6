"use client";

import { useId, useState } from "react";
import useSWR from "swr";
import { formatUsd } from "@/components/format";
import { ErrorState } from "@/components/ui/ErrorState";
import { Skeleton } from "@/components/ui/Skeleton";
import { fetchJson } from "./fetcher";
import { ExitRanking } from "./ExitRanking";
import { FinderResults } from "./FinderResults";
import { Panel } from "./Panel";
import { pickSources } from "./Provenance";
import type { PoolsBody } from "./types";

export const DEFAULT_SWAP_USD = 10_000_000;
const PLAIN = /^\d{1,11}(\.\d{1,2})?$/;

export const finderUrl = (asset: string, sizeUsd: number) =>
  `/api/stablecoin-pools?q=${encodeURIComponent(asset)}&size_usd=${sizeUsd}`;

/** Parses "10,000,000" / "10 000 000" / "2500000.50"; null when not a plain positive amount. */
export function parseSwapSize(text: string, maxUsd: number): number | null {
  const s = text.replace(/[\s,_]/g, "");
  if (!PLAIN.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= maxUsd ? n : null;
}

/** Deep-liquidity finder: a swap size in, the best pools with estimated impact out. */
export function LiquidityFinder({
  asset,
  maxSizeUsd,
  sources,
}: {
  asset: string;
  maxSizeUsd: number;
  /** The pool map's sources, shown until the first search answers. */
  sources: PoolsBody["metadata"]["sources"];
}) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(String(DEFAULT_SWAP_USD));
  const [size, setSize] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { data, error, isLoading, mutate } = useSWR<PoolsBody>(
    size === null ? null : finderUrl(asset, size),
    fetchJson,
    {
      revalidateOnFocus: false,
    },
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const n = parseSwapSize(text, maxSizeUsd);
    setInvalid(n === null);
    if (n !== null) setSize(n);
  };
  return (
    <Panel
      id="finder"
      title="Deep-liquidity finder"
      method="finder"
      description="Which venues could absorb a large sale of this stablecoin: exchanges and DEX chains ranked by measured exit cost, then DEX pools by modelled price impact."
      sources={pickSources(data?.metadata.sources ?? sources, [
        { name: "DexScreener", type: "liquidity" },
      ])}
      className="md:col-span-2"
    >
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
        <div>
          <label
            htmlFor={inputId}
            className="block text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            Swap size (USD)
          </label>
          <input
            id={inputId}
            name="size_usd"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={hintId}
            className="tabular mt-1 h-9 w-48 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <button
          type="submit"
          className="h-9 rounded-md bg-slate-900 px-4 text-sm font-medium text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300"
        >
          Find pools
        </button>
        <p
          id={hintId}
          className={`w-full text-xs ${invalid ? "text-red-700 dark:text-red-300" : "text-slate-500 dark:text-slate-400"}`}
        >
          {invalid
            ? `Enter a plain USD amount greater than 0 and at most ${formatUsd(maxSizeUsd)}, e.g. 10000000.`
            : "Plain USD amount; separators are ignored."}
        </p>
      </form>
      <div aria-live="polite">
        {size === null ? null : error ? (
          <ErrorState
            title="The finder could not run"
            message={error instanceof Error ? error.message : null}
          >
            <button type="button" onClick={() => void mutate()} className="mt-2 underline">
              Retry
            </button>
          </ErrorState>
        ) : isLoading || !data ? (
          <div role="status" aria-busy="true" className="space-y-2">
            <span className="sr-only">Ranking pools…</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : data.finder ? (
          <div className="space-y-3">
            <ExitRanking asset={asset} sizeUsd={size} />
            <FinderResults finder={data.finder} pools={data.pools} />
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
