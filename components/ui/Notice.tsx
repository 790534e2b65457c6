/** Amber notice listing user-safe warnings (already prefixed with provider and source). */
export function WarningsNotice({
  warnings,
  label = "Data warnings",
}: {
  warnings: readonly string[];
  label?: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <div
      role="status"
      aria-label={label}
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <ul className="list-inside list-disc space-y-1">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}
