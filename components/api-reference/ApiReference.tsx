"use client";

/**
 * The rendered API reference (Scalar, bundled with the app and served from this origin: no CDN,
 * no font host, no telemetry). The renderer (./ScalarMount.tsx) loads only in the browser, after
 * this page's own code, as chunks no other page and no server bundle carries; it reads the
 * document from this origin's /api/openapi.json. If it cannot load, the raw document link works.
 */
import dynamic from "next/dynamic";
import { useState } from "react";

const ScalarMount = dynamic(() => import("./ScalarMount"), { ssr: false });

export function ApiReference({ documentUrl }: { documentUrl: string }) {
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  return (
    <div data-testid="api-reference" data-state={state}>
      {state === "loading" ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Loading the API reference…</p>
      ) : null}
      {state === "failed" ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" role="alert">
          The rendered reference could not load; the{" "}
          <a className="underline" href={documentUrl}>
            OpenAPI document
          </a>{" "}
          has the same content.
        </p>
      ) : null}
      <ScalarMount documentUrl={documentUrl} onState={setState} />
    </div>
  );
}
