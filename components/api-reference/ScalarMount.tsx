"use client";

/**
 * Mounts the Scalar renderer on a div. Loaded only in the browser, through `next/dynamic` with
 * `ssr: false` (./ApiReference.tsx), so no server bundle and no other page carries the renderer.
 */
import "@scalar/api-reference/style.css";
import { useEffect, useRef } from "react";

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

export default function ScalarMount({
  documentUrl,
  onState,
}: {
  documentUrl: string;
  onState: (state: "ready" | "failed") => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    let instance: { destroy: () => void } | undefined;
    import("zod")
      .then(({ config }) => {
        // The renderer validates its options with zod, whose JIT probe calls `Function("")`:
        // off (in this browser page only), so it raises no CSP violation without 'unsafe-eval'.
        config({ jitless: true });
        return import("@scalar/api-reference");
      })
      .then(({ createApiReference }) => {
        if (cancelled || !host.current) return;
        instance = createApiReference(host.current, { url: documentUrl, ...OFFLINE_OPTIONS });
        onState("ready");
      })
      .catch(() => {
        if (!cancelled) onState("failed");
      });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [documentUrl, onState]);
  return <div ref={host} />;
}
