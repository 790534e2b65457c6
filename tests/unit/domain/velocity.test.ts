import {
  velocity,
  VELOCITY_ACTIVE_MIN,
  VELOCITY_PARKED_MAX,
  velocityLabel,
} from "@/lib/domain/velocity";

describe("velocity", () => {
  it("is 24h volume ÷ market cap", () => {
    expect(velocity(10_000_000, 100_000_000)).toEqual({ value: 0.1, label: "moderate" });
  });

  it("labels parked below 0.05, active above 0.25, moderate between (inclusive)", () => {
    expect(VELOCITY_PARKED_MAX).toBe(0.05);
    expect(VELOCITY_ACTIVE_MIN).toBe(0.25);
    expect(velocityLabel(0)).toBe("parked");
    expect(velocityLabel(0.0499)).toBe("parked");
    expect(velocityLabel(0.05)).toBe("moderate");
    expect(velocityLabel(0.25)).toBe("moderate");
    expect(velocityLabel(0.2501)).toBe("active");
    expect(velocity(5, 100).label).toBe("moderate");
    expect(velocity(2, 1).label).toBe("active");
  });

  it("is null and unknown without usable inputs", () => {
    const unknown = { value: null, label: "unknown" };
    expect(velocity(null, 100)).toEqual(unknown);
    expect(velocity(10, null)).toEqual(unknown);
    expect(velocity(10, 0)).toEqual(unknown);
    expect(velocity(-1, 100)).toEqual(unknown);
    expect(velocity(Number.NaN, 100)).toEqual(unknown);
    expect(velocityLabel(null)).toBe("unknown");
  });
});
