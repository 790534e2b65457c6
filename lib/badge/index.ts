/**
 * GET /api/badge/{asset}.svg: the peg verification badge (lib/domain/badge.ts) as an embeddable
 * SVG. Prices checked: the market provider's (required) and the aggregate's when present — both
 * come with the coin's cached context, so a badge costs no DEX reads.
 *
 *   on        "peg | 0.999–1.001 ✓"            green
 *   off       "peg | −35 bps" (market price)   yellow up to 100 bps, red beyond
 *   stale     "peg | stale · as of 2025-03-01 14:05 UTC"  grey (an old copy of the price)
 *   no price  "peg | not measured"             grey
 *   unknown   "peg | unknown coin" (HTTP 404)  grey
 *
 * Only fresh prices are checked: a stale market price gives the stale badge, and a stale
 * aggregate price is left out of the agreement check. Only measured badges are cacheable.
 */
import { loadAssetContext } from "@/lib/assets/context";
import { marketView } from "@/lib/assets/market-view";
import { pegBadge } from "@/lib/domain/badge";
import { BADGE_LABEL } from "./constants";
import { badgeFace, staleFace } from "./face";
import { badgeSvg } from "./svg";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export { badgeFace } from "./face";
export { BADGE_LABEL, BADGE_SUFFIX } from "./constants";

const DISCLAIMER = "Informational only; a point-in-time observation, not a guarantee.";

export interface BadgeAnswer {
  status: 200 | 404;
  svg: string;
  /** False when the badge is not a measurement (no price, unknown coin): never cached long. */
  measured: boolean;
  /** Reading the price needed a provider call (the rate limiter charges more). */
  upstream: boolean;
}

function unknownCoin(): BadgeAnswer {
  return {
    status: 404,
    measured: false,
    upstream: false,
    svg: badgeSvg({
      label: BADGE_LABEL,
      message: "unknown coin",
      tone: "unknown",
      title: "No USD stablecoin matches this badge's selector.",
    }),
  };
}

/** Nothing in the badge may run, load or be framed; embeddable as an image from any site. */
export const BADGE_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Access-Control-Allow-Origin": "*",
  "Cross-Origin-Resource-Policy": "cross-origin",
} as const;

/** The badge for a validated selector (null: not one → the 404 badge). */
export async function getBadge(q: string | null, readOpts?: ReadOpts): Promise<BadgeAnswer> {
  if (q === null) return unknownCoin();
  const r = await loadAssetContext(q, { quote: true }, readOpts);
  if (!r.ok) return unknownCoin();
  const { ctx } = r;
  const mv = marketView(ctx);
  const badge = pegBadge({
    market: mv.prices.market,
    aggregate: ctx.aggregate.stale ? null : mv.prices.aggregate,
  });
  const asOfMs = ctx.quote?.asOf ?? null;
  const asOf = asOfMs ? new Date(asOfMs).toISOString() : "unknown time";
  const symbol = ctx.asset.symbol;
  const face = badgeFace(badge);
  if (face !== null && ctx.quote?.stale) {
    return {
      status: 200,
      measured: false,
      upstream: ctx.upstream,
      svg: badgeSvg({
        label: BADGE_LABEL,
        ...staleFace(asOfMs),
        title: `${symbol}: the last CoinGecko (market) price is from ${asOf} and could not be refreshed yet; the peg is not verified. ${DISCLAIMER}`,
      }),
    };
  }
  if (face === null) {
    return {
      status: 200,
      measured: false,
      upstream: ctx.upstream,
      svg: badgeSvg({
        label: BADGE_LABEL,
        message: "not measured",
        tone: "unknown",
        title: `${symbol}: CoinGecko (market) has no price right now. ${DISCLAIMER}`,
      }),
    };
  }
  return {
    status: 200,
    measured: true,
    upstream: ctx.upstream,
    svg: badgeSvg({
      label: BADGE_LABEL,
      ...face,
      title: `${symbol} peg: ${badge.reason} Source: CoinGecko (market) as of ${asOf}. ${DISCLAIMER}`,
    }),
  };
}
