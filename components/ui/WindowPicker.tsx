"use client";

/** A row of toggle buttons choosing a chart's window (`24h`, `7d`, …). */
export function WindowPicker<W extends string>({
  windows,
  value,
  onChange,
  label = "History window",
}: {
  windows: readonly W[];
  value: W;
  onChange: (w: W) => void;
  /** The group's accessible name (unique on its page). */
  label?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-700"
    >
      {windows.map((w) => (
        <button
          key={w}
          type="button"
          aria-pressed={w === value}
          onClick={() => onChange(w)}
          className={`px-3 py-1.5 text-sm font-medium ${
            w === value
              ? "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900"
              : "bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
          }`}
        >
          {w}
        </button>
      ))}
    </div>
  );
}
