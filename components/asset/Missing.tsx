import type { ReactNode } from "react";
import { DASH } from "@/components/format";

/** A value the source could not provide: a dash with the reason as a tooltip and for screen readers. */
export function Missing({ reason }: { reason: string }) {
  return (
    <span title={reason} className="cursor-help text-slate-500 dark:text-slate-400">
      <span aria-hidden="true">{DASH}</span>
      <span className="sr-only">{reason}</span>
    </span>
  );
}

/** `children` when `value` is present, otherwise a `Missing` dash explaining why. */
export function OrMissing({
  value,
  reason,
  children,
}: {
  value: unknown;
  reason: string;
  children: ReactNode;
}) {
  return value === null || value === undefined ? <Missing reason={reason} /> : <>{children}</>;
}
