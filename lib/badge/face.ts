/**
 * What the peg badge says (pure): the band when on, the signed deviation when off, "stale" with
 * the as-of time when the price is an old copy.
 */
import { PEG_BADGE_MAX_USD, PEG_BADGE_MIN_USD, type PegBadge } from "@/lib/domain/badge";
import { EXCURSION_THRESHOLD_BPS } from "@/lib/domain/depeg";
import { pegDeviationBps } from "@/lib/domain/peg";
import type { BadgeTone } from "./svg";

const signedBps = (bps: number) => `${bps < 0 ? "−" : "+"}${Math.abs(bps).toFixed(0)} bps`;

/** What the badge says for an evaluated peg badge (pure): message and colour, or null (no price). */
export function badgeFace(badge: Pick<PegBadge, "on" | "priceUsd">): {
  message: string;
  tone: BadgeTone;
} | null {
  const bps = pegDeviationBps(badge.priceUsd);
  if (bps === null) return null;
  if (badge.on) return { message: `${PEG_BADGE_MIN_USD}–${PEG_BADGE_MAX_USD} ✓`, tone: "ok" };
  return {
    message: signedBps(bps),
    tone: Math.abs(bps) > EXCURSION_THRESHOLD_BPS ? "bad" : "warn",
  };
}

/** Length of `YYYY-MM-DDTHH:MM`, the start of an ISO timestamp. */
const ISO_MINUTE_CHARS = 16;
/** `2025-03-01 14:05 UTC`: the minute a stale price was read. */
const asOfMinute = (ms: number) =>
  `${new Date(ms).toISOString().slice(0, ISO_MINUTE_CHARS).replace("T", " ")} UTC`;

/**
 * A price served from an old copy (its refresh failed, is spent or is still under way) verifies
 * nothing now: the badge says so and when the price is from, whatever it was.
 */
export function staleFace(asOfMs: number | null): { message: string; tone: BadgeTone } {
  return {
    message: asOfMs === null ? "stale" : `stale · as of ${asOfMinute(asOfMs)}`,
    tone: "unknown",
  };
}
