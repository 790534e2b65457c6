"use client";

import { useId } from "react";

/** A labelled native select (keyboard and screen-reader friendly); "all" is the first option. */
export function Select({
  label,
  value,
  options,
  onChange,
  allLabel = "All",
  format = (v) => v,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  allLabel?: string;
  format?: (value: string) => string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-300">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 rounded border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <option value="all">{allLabel}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {format(o)}
          </option>
        ))}
      </select>
    </div>
  );
}
