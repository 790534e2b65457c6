/**
 * The market as it is (issue 26 §5). Pure predicates over aggregate facts.
 *
 * Dead: DefiLlama marks a coin `deprecated`, `delisted` or with a `deadFrom` date. A dead coin is
 * left out of the ranked list, the rail and the market totals by default; it can be listed, marked
 * dead, on request (`include_dead=true`).
 *
 * Rail mover: the largest 7-day supply change (in %) is chosen among coins whose current AND
 * previous-week supply are both above RAIL_MIN_CIRCULATING_USD. Floor on both ends, because a
 * coin that grew from $0.36 M to $99 M is a +27,000 % change: the percentage of a tiny base is
 * noise, which is what the floor exists to exclude.
 */

/** The rail's largest-change chip considers only coins above this size, now and a week ago. */
export const RAIL_MIN_CIRCULATING_USD = 5_000_000;

export type DeadReason = "dead_from" | "delisted" | "deprecated";

export interface DeadFacts {
  deprecated: boolean;
  delisted: boolean;
  deadFrom?: string | null;
}

/** Why a coin is dead (the first that applies: `deadFrom`, then delisted, then deprecated), or null. */
export function deadReason(a: DeadFacts): DeadReason | null {
  if (a.deadFrom !== null && a.deadFrom !== undefined && a.deadFrom !== "") return "dead_from";
  if (a.delisted) return "delisted";
  if (a.deprecated) return "deprecated";
  return null;
}

export const isDead = (a: DeadFacts): boolean => deadReason(a) !== null;

/** Whether a coin may be the rail's mover: both sizes known and above the floor. */
export function railMoverEligible(
  currentUsd: number | null,
  prevWeekUsd: number | null,
  floorUsd: number = RAIL_MIN_CIRCULATING_USD,
): boolean {
  return (
    currentUsd !== null && prevWeekUsd !== null && currentUsd > floorUsd && prevWeekUsd > floorUsd
  );
}
