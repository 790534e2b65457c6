"use client";

import { useState, useSyncExternalStore } from "react";
import { PanelFrame } from "@/components/ui/PanelFrame";
import { BADGE_LABEL } from "@/lib/badge/constants";
import { badgeSnippets } from "@/lib/badge/snippet";

const noSubscribe = () => () => {};

/**
 * The embeddable peg badge: a preview and copy-paste snippets (HTML and Markdown, built and
 * escaped by lib/badge/snippet). Links use `baseUrl` (`PUBLIC_BASE_URL`) when the server has one,
 * else the origin this page was opened at; the cached page itself carries no request's host.
 */
export function BadgeSnippet({
  asset,
  symbol,
  baseUrl,
}: {
  asset: string;
  symbol: string;
  baseUrl: string | null;
}) {
  const browserOrigin = useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => "",
  );
  const [copied, setCopied] = useState<string | null>(null);
  const built = badgeSnippets(baseUrl ?? browserOrigin, asset, symbol);
  const alt = `${symbol} ${BADGE_LABEL}`;
  const snippets = [
    { id: "html", label: "HTML", text: built.html },
    { id: "md", label: "Markdown", text: built.markdown },
  ];
  const copy = async (id: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(id);
    } catch {
      setCopied(null);
    }
  };
  return (
    <PanelFrame
      id="badge-embed"
      title="Embed the peg badge"
      linkHref="/methodology#badge"
      linkLabel="Method"
      description="A small SVG that says whether the market price is within 0.999–1.001 USD (and the prices agree), or the deviation in bps. Source and as-of time are in its tooltip; it refreshes every minute."
      provenance={
        <span className="text-xs text-slate-500 dark:text-slate-400">
          CoinGecko (market) price and the DefiLlama aggregate price when present
        </span>
      }
      className="md:col-span-2"
    >
      <div className="space-y-3">
        {/* eslint-disable-next-line @next/next/no-img-element -- a live SVG badge, not a photo */}
        <img src={built.path} alt={alt} height={20} data-testid="badge-preview" />
        {snippets.map((s) => (
          <div key={s.id} className="space-y-1">
            <div className="flex items-center justify-between text-xs text-slate-500 dark:text-slate-400">
              <span>{s.label}</span>
              <button type="button" onClick={() => void copy(s.id, s.text)} className="underline">
                {copied === s.id ? "Copied" : "Copy"}
              </button>
            </div>
            <pre className="rounded-md bg-slate-100 px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-slate-900">
              <code data-testid={`badge-snippet-${s.id}`}>{s.text}</code>
            </pre>
          </div>
        ))}
      </div>
    </PanelFrame>
  );
}
