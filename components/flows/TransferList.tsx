"use client";

import { useId, useMemo, useState } from "react";
import { chainLabel, formatInt, formatUsd, formatUsdFull, formatUtc } from "@/components/format";
import { EmptyState } from "@/components/ui/EmptyState";
import { PartyCell } from "./PartyCell";
import { Select } from "./Select";
import { ALL, DIRECTION_LABELS, distinct, filterTransfers, parseWallet } from "./transfers";
import type { CexTransfer } from "./types";

export const PAGE_SIZE = 50;

const TH = "py-2 pr-3 font-medium whitespace-nowrap";

/** Large CEX ↔ unlabeled wallet transfers with client-side chain, asset and wallet filters. */
export function TransferList({
  rows,
  total,
}: {
  rows: readonly CexTransfer[];
  /** Rows in the snapshot before the display cap. */
  total: number;
}) {
  const [chain, setChain] = useState(ALL);
  const [asset, setAsset] = useState(ALL);
  const [walletText, setWalletText] = useState("");
  const [limit, setLimit] = useState(PAGE_SIZE);
  const walletId = useId();
  const wallet = parseWallet(walletText);
  const chains = useMemo(() => distinct(rows.map((r) => r.chain)), [rows]);
  const assets = useMemo(() => distinct(rows.map((r) => r.token_symbol)), [rows]);
  const walletFilter = wallet.ok ? wallet.wallet : null;
  const shown = useMemo(
    () => filterTransfers(rows, { chain, asset, wallet: walletFilter }),
    [rows, chain, asset, walletFilter],
  );
  const page = shown.slice(0, limit);
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setLimit(PAGE_SIZE);
  };

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[repeat(2,minmax(0,10rem))_minmax(0,26rem)]">
        <Select
          label="Chain"
          value={chain}
          options={chains}
          onChange={change(setChain)}
          allLabel="All chains"
          format={chainLabel}
        />
        <Select
          label="Asset"
          value={asset}
          options={assets}
          onChange={change(setAsset)}
          allLabel="All assets"
        />
        <div className="flex flex-col gap-1">
          <label
            htmlFor={walletId}
            className="text-xs font-medium text-slate-600 dark:text-slate-300"
          >
            Wallet address (filters the rows below)
          </label>
          <input
            id={walletId}
            type="search"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            value={walletText}
            onChange={(e) => change(setWalletText)(e.target.value)}
            aria-invalid={!wallet.ok}
            aria-describedby={`${walletId}-hint`}
            className="h-9 rounded border border-slate-300 bg-white px-2 font-mono text-sm aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900"
          />
          <span
            id={`${walletId}-hint`}
            className={`text-[11px] ${wallet.ok ? "text-slate-500 dark:text-slate-400" : "text-red-700 dark:text-red-400"}`}
          >
            {wallet.ok ? "0x followed by 40 hex characters." : wallet.error}
          </span>
        </div>
      </div>
      <p className="tabular text-xs text-slate-600 dark:text-slate-300" aria-live="polite">
        Showing {formatInt(page.length)} of {formatInt(shown.length)} matching transfers (
        {formatInt(rows.length)} loaded
        {total > rows.length ? ` of ${formatInt(total)} in the snapshot` : ""}).
      </p>
      {shown.length === 0 ? (
        <EmptyState title="No transfers match these filters">
          Change the chain, asset or wallet filter.
        </EmptyState>
      ) : (
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-label="Transfer table, scrolls sideways on narrow screens"
        >
          <table className="w-full min-w-[760px] text-left text-sm">
            <caption className="sr-only">
              Large transfers between centralized exchanges and unlabeled wallets, newest first
            </caption>
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className={TH}>
                  Time (UTC)
                </th>
                <th scope="col" className={TH}>
                  Chain
                </th>
                <th scope="col" className={TH}>
                  Asset
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Amount USD
                </th>
                <th scope="col" className={TH}>
                  From
                </th>
                <th scope="col" className={TH}>
                  To
                </th>
                <th scope="col" className={TH}>
                  Direction
                </th>
              </tr>
            </thead>
            <tbody>
              {page.map((r) => (
                <tr
                  key={`${r.tx_hash}-${r.from.address}-${r.to.address}`}
                  data-testid="transfer-row"
                  className="border-b border-slate-100 align-top last:border-b-0 dark:border-slate-800/70"
                >
                  <td className="tabular py-2 pr-3 whitespace-nowrap">
                    <time dateTime={r.time}>{formatUtc(r.time).replace(" UTC", "")}</time>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{chainLabel(r.chain)}</td>
                  <td className="py-2 pr-3">{r.token_symbol}</td>
                  <td className="tabular py-2 pr-3 text-right" title={formatUsdFull(r.amount_usd)}>
                    {formatUsd(r.amount_usd)}
                  </td>
                  <td className="py-2 pr-3">
                    <PartyCell party={r.from} />
                  </td>
                  <td className="py-2 pr-3">
                    <PartyCell party={r.to} />
                  </td>
                  <td className="py-2 whitespace-nowrap">{DIRECTION_LABELS[r.direction]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown.length > page.length ? (
        <button
          type="button"
          onClick={() => setLimit((n) => n + PAGE_SIZE)}
          className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Show {Math.min(PAGE_SIZE, shown.length - page.length)} more
        </button>
      ) : null}
    </div>
  );
}
