/**
 * Runs before `/stablecoins/<segment>` and `/chains/<segment>` render (Next 16's name for
 * middleware; Node runtime). Both pages are ISR: Next stores every render under the requested
 * path, so every spelling that is not the canonical one is answered here, before any page
 * (lib/assets/canonical.ts, lib/chains/canonical.ts): 308 to the canonical path, or, for one that
 * resolves to nothing, a fixed 404 document from this proxy itself, so an unknown spelling renders
 * nothing, is routed nowhere and leaves no page, cache entry or store write behind. The tables
 * come from the cached aggregate lists through the read layer, built once per version of the
 * lists: no provider call per spelling.
 */
import { NextResponse, type NextRequest } from "next/server";
import { decideAssetPath } from "@/lib/assets/canonical";
import { readCanonicalSelectors } from "@/lib/assets/selector";
import { decideChainPath, readKnownChains } from "@/lib/chains/canonical";
import { completePageCacheControl, DATA_PAGE_CDN_SECONDS } from "@/lib/page-cache-headers";

const ASSET_PREFIX = "/stablecoins/";
const CHAIN_PREFIX = "/chains/";
const PERMANENT_REDIRECT = 308;
const NOT_FOUND = 404;

/** The 404 documents: fixed text (nothing from the request is echoed), styled inline. */
const notFoundDocument = (
  testId: string,
  title: string,
  message: string,
  back: { href: string; label: string },
) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">` +
  `<main data-testid="${testId}"><h1>${title}</h1><p>${message}</p>` +
  `<p><a href="${back.href}">${back.label}</a></p></main></body></html>`;

const ASSET_NOT_FOUND = notFoundDocument(
  "asset-not-found",
  "Stablecoin not found",
  "No USD stablecoin matches this address. Use a symbol such as <code>usdc</code>, a CoinGecko id or a DefiLlama id.",
  { href: "/", label: "Back to all stablecoins" },
);
const CHAIN_NOT_FOUND = notFoundDocument(
  "chain-not-found",
  "Chain not found",
  "The stablecoin aggregate lists no USD stablecoin supply on this chain.",
  { href: "/chains", label: "All chains" },
);

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const path = request.nextUrl.pathname;
  const chains = path.startsWith(CHAIN_PREFIX);
  const prefix = chains ? CHAIN_PREFIX : ASSET_PREFIX;
  const raw = path.slice(prefix.length);
  const decision = chains
    ? decideChainPath(raw, await readKnownChains({ signal: request.signal }))
    : decideAssetPath(raw, await readCanonicalSelectors({ signal: request.signal }));
  if (decision.kind === "redirect") {
    const url = request.nextUrl.clone();
    url.pathname = prefix + decision.segment;
    return NextResponse.redirect(url, PERMANENT_REDIRECT);
  }
  if (decision.kind === "page") return NextResponse.next();
  return new NextResponse(chains ? CHAIN_NOT_FOUND : ASSET_NOT_FOUND, {
    status: NOT_FOUND,
    // Shared like a page built from data: a coin listed later is found within that time.
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": completePageCacheControl(DATA_PAGE_CDN_SECONDS),
    },
  });
}

export const config = { matcher: ["/stablecoins/:asset", "/chains/:chain"] };
