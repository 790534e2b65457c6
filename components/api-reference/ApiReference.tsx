"use client";

/**
 * The rendered API reference (Scalar, bundled with the app and served from this origin: no CDN,
 * no font host, no telemetry). The renderer is imported only after this component mounts, so its
 * code is a chunk of its own that no other page loads, and it reads the document from this
 * origin's /api/openapi.json. If it cannot load, the raw document link above it still works.
 */
import { useEffect, useRef, useState } from "react";
import "@scalar/api-reference/style.css";

/** Renderer options: everything that would reach another host is off. */
const OFFLINE_OPTIONS = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  hideClientButton: true,
  showDeveloperTools: "never",
  documentDownloadType: "json",
  defaultOpenAllTags: true,
} as const;

export function ApiReference({ documentUrl }: { documentUrl: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    let instance: { destroy: () => void } | undefined;
    import("zod")
      .then(({ config }) => {
        // The renderer validates its options with zod, whose JIT probe calls `Function("")`;
        // off, so the page raises no CSP violation without 'unsafe-eval'.
        config({ jitless: true });
        return import("@scalar/api-reference");
      })
      .then(({ createApiReference }) => {
        if (cancelled || !host.current) return;
        instance = createApiReference(host.current, { url: documentUrl, ...OFFLINE_OPTIONS });
        setState("ready");
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [documentUrl]);

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
      <div ref={host} />
    </div>
  );
}
