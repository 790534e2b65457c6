/** What the peg badge says (pure): the band when on, the signed deviation when off. */
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
