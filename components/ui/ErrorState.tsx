import type { ReactNode } from "react";

/** A failed section: what is missing, the user-safe warning text and a way to retry. */
export function ErrorState({
  title,
  message,
  retryHref,
  children,
}: {
  title: string;
  message?: string | null;
  retryHref?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="font-semibold">{title}</p>
      {message ? <p className="mt-1">{message}</p> : null}
      {children}
      {retryHref ? (
        <a
          href={retryHref}
          className="mt-3 inline-block rounded border border-red-400 px-3 py-1 font-medium hover:bg-red-100 dark:border-red-800 dark:hover:bg-red-900/40"
        >
          Retry
        </a>
      ) : null}
    </div>
  );
}
