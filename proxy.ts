/**
 * Runs before `/stablecoins/<segment>` renders (Next 16's name for middleware; Node runtime).
 * The asset page is ISR: Next stores every render, a 404 included, under the requested path, so
 * each distinct spelling a client typed used to store a page. Here every spelling that is not
 * the coin's canonical one is answered before the page (lib/assets/canonical.ts): 308 to the
 * canonical path, or, for one that resolves to nothing, a request header on which next.config.mjs
 * rewrites it to the one shared 404 path. The table comes from the cached aggregate list through
 * the read layer, built once per version of the list: no provider call per spelling.
 */
import { NextResponse, type NextRequest } from "next/server";
import { decideAssetPath, UNKNOWN_ASSET_HEADER } from "@/lib/assets/canonical";
import { readCanonicalSelectors } from "@/lib/assets/selector";

const ASSET_PREFIX = "/stablecoins/";
const PERMANENT_REDIRECT = 308;

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const raw = request.nextUrl.pathname.slice(ASSET_PREFIX.length);
  const decision = decideAssetPath(raw, await readCanonicalSelectors({ signal: request.signal }));
  if (decision.kind === "redirect") {
    const url = request.nextUrl.clone();
    url.pathname = ASSET_PREFIX + decision.segment;
    return NextResponse.redirect(url, PERMANENT_REDIRECT);
  }
  const unknown = decision.kind === "unknown";
  if (!unknown && !request.headers.has(UNKNOWN_ASSET_HEADER)) return NextResponse.next();
  // Only this proxy decides: a client's own copy of the header must not turn a coin's page into
  // the 404 (which a CDN would then keep under the coin's URL).
  const headers = new Headers(request.headers);
  if (unknown) headers.set(UNKNOWN_ASSET_HEADER, "1");
  else headers.delete(UNKNOWN_ASSET_HEADER);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: "/stablecoins/:asset" };
