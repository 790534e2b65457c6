import { selectorSchema } from "@/lib/api/params";
import { FLAG_HEADERS, noteUpstream, publicRoute } from "@/lib/api/response";
import { BADGE_HEADERS, BADGE_SUFFIX, getBadge } from "@/lib/badge";
import { LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

/** A percent-decoded path segment (`usd%2B.svg` → `usd+.svg`); null when malformed. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** `usdc.svg` → `usdc`; null for anything that is not a valid selector plus `.svg`. */
function selectorOf(request: Request): string | null {
  const last = decodeSegment(new URL(request.url).pathname.split("/").pop() ?? "");
  if (last === null || !last.endsWith(BADGE_SUFFIX)) return null;
  const parsed = selectorSchema.safeParse(last.slice(0, -BADGE_SUFFIX.length));
  return parsed.success ? parsed.data : null;
}

/** GET /api/badge/{asset}.svg — the embeddable peg badge. */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const badge = await getBadge(selectorOf(request), readOpts);
    const res = new Response(badge.svg, {
      status: badge.status,
      headers: {
        ...BADGE_HEADERS,
        ...FLAG_HEADERS,
        "Cache-Control": badge.measured
          ? `public, max-age=${LIVE_CACHE_SECONDS}, s-maxage=${LIVE_CACHE_SECONDS}, stale-while-revalidate=${LIVE_CACHE_SECONDS}`
          : "no-store",
      },
    });
    return noteUpstream(res, badge.upstream);
  },
);
