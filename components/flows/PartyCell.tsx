import { shortAddress } from "./transfers";
import type { Party } from "./types";

/**
 * One side of a transfer. A label is shown only when the row carries a source-backed label;
 * any other address is an "unlabeled wallet" with its shortened address — nothing inferred.
 */
export function PartyCell({ party }: { party: Party }) {
  const address = (
    <span
      className="font-mono text-[11px] text-slate-500 dark:text-slate-400"
      title={party.address}
    >
      {shortAddress(party.address)}
    </span>
  );
  if (party.labelled && party.label_source) {
    return (
      <span className="flex flex-col">
        <span className="font-medium">{party.label}</span>
        <span className="text-[11px] text-slate-500 dark:text-slate-400">
          source: {party.label_source}
        </span>
        {address}
      </span>
    );
  }
  return (
    <span className="flex flex-col">
      <span className="italic text-slate-600 dark:text-slate-300">unlabeled wallet</span>
      {address}
    </span>
  );
}
