/**
 * Velocity: how actively a stablecoin's supply trades.
 *
 *   velocity = volume_24h_usd ÷ market_cap_usd          (a plain ratio, per day)
 *
 * Labels: "parked" when velocity < VELOCITY_PARKED_MAX (0.05: under 5 % of supply trades per day,
 * capital mostly sits idle), "active" when velocity > VELOCITY_ACTIVE_MIN (0.25: over a quarter of
 * supply trades per day), "moderate" in between (bounds inclusive). A missing or negative volume,
 * or a missing or non-positive market cap, gives a null value and the label "unknown".
 */

export const VELOCITY_PARKED_MAX = 0.05;
export const VELOCITY_ACTIVE_MIN = 0.25;

export type VelocityLabel = "parked" | "moderate" | "active" | "unknown";

export interface Velocity {
  /** 24h volume ÷ market cap; null when not computable. */
  value: number | null;
  label: VelocityLabel;
}

export function velocityLabel(value: number | null): VelocityLabel {
  if (value === null || !Number.isFinite(value)) return "unknown";
  if (value < VELOCITY_PARKED_MAX) return "parked";
  if (value > VELOCITY_ACTIVE_MIN) return "active";
  return "moderate";
}

export function velocity(
  volume24hUsd: number | null | undefined,
  marketCapUsd: number | null | undefined,
): Velocity {
  if (
    volume24hUsd === null ||
    volume24hUsd === undefined ||
    !Number.isFinite(volume24hUsd) ||
    volume24hUsd < 0 ||
    marketCapUsd === null ||
    marketCapUsd === undefined ||
    !Number.isFinite(marketCapUsd) ||
    marketCapUsd <= 0
  ) {
    return { value: null, label: "unknown" };
  }
  const value = volume24hUsd / marketCapUsd;
  return { value, label: velocityLabel(value) };
}
