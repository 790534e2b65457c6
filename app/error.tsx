"use client";

import { useEffect } from "react";
import { ErrorState } from "@/components/ui/ErrorState";

/** Unexpected render failure: a user-safe message and a retry, never the error's text or stack. */
export default function HomeError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest =
    error instanceof Error && "digest" in error && typeof error.digest === "string"
      ? error.digest
      : null;
  useEffect(() => {
    console.error("page render failed", digest ?? "");
  }, [digest]);
  return (
    <div className="space-y-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">USD stablecoins</h1>
      <ErrorState
        title="This page could not be shown"
        message="Something went wrong while preparing the data. The service may be warming up its caches."
      >
        {digest ? <p className="mt-1 text-xs opacity-80">Reference: {digest}</p> : null}
        <button
          type="button"
          onClick={() => retry()}
          className="mt-3 mr-3 inline-block rounded border border-red-400 px-3 py-1 font-medium hover:bg-red-100 dark:border-red-800 dark:hover:bg-red-900/40"
        >
          Try again
        </button>
        <button type="button" onClick={() => window.location.reload()} className="mt-3 underline">
          Reload the page
        </button>
      </ErrorState>
    </div>
  );
}
