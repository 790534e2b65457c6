/**
 * Runs before `/stablecoins/<segment>` and `/chains/<segment>` render (Next 16's name for
 * middleware; Node runtime). Both pages are ISR: Next stores every render, a 404 included, under
 * the requested path, so each distinct spelling a client typed used to store a page. Here every
 * spelling that is not the canonical one is answered before the page (lib/assets/canonical.ts,
 * lib/chains/canonical.ts): 308 to the canonical path, or, for one that resolves to nothing, a
 * request header on which next.config.mjs rewrites it to the one shared 404 path. The tables come
 * from the cached aggregate lists through the read layer, built once per version of the lists:
 * no provider call per spelling.
 */
import { NextResponse, type NextRequest } from "next/server";
import { decideAssetPath, UNKNOWN_ASSET_HEADER } from "@/lib/assets/canonical";
import { readCanonicalSelectors } from "@/lib/assets/selector";
import { decideChainPath, readKnownChains } from "@/lib/chains/canonical";

const ASSET_PREFIX = "/stablecoins/";
const CHAIN_PREFIX = "/chains/";
const PERMANENT_REDIRECT = 308;

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
  const unknown = decision.kind === "unknown";
  if (!unknown && !request.headers.has(UNKNOWN_ASSET_HEADER)) return NextResponse.next();
  // Only this proxy decides: a client's own copy of the header must not turn a page into the
  // 404 (which a CDN would then keep under the page's URL).
  const headers = new Headers(request.headers);
  if (unknown) headers.set(UNKNOWN_ASSET_HEADER, "1");
  else headers.delete(UNKNOWN_ASSET_HEADER);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/stablecoins/:asset", "/chains/:chain"] };
