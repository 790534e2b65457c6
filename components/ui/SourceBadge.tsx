/** Source name and kind, e.g. "DefiLlama aggregate" or "Dune on-chain-scheduled". */
export function SourceBadge({ name, type }: { name: string; type?: string | null }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 dark:border-slate-700 dark:text-slate-300">
      <span className="sr-only">Source: </span>
      <span className="font-medium">{name}</span>
      {type ? <span className="text-slate-500 dark:text-slate-400">{type}</span> : null}
    </span>
  );
}
