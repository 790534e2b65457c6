import {
  deadReason,
  isDead,
  RAIL_MIN_CIRCULATING_USD,
  railMoverEligible,
} from "@/lib/domain/market-status";

describe("dead coins (issue 26 §5)", () => {
  const live = { deprecated: false, delisted: false };
  it("names the reason: deadFrom first, then delisted, then deprecated", () => {
    expect(deadReason(live)).toBeNull();
    expect(deadReason({ ...live, deadFrom: null })).toBeNull();
    expect(deadReason({ ...live, deadFrom: "" })).toBeNull();
    expect(deadReason({ ...live, deadFrom: "2023-05-01" })).toBe("dead_from");
    expect(deadReason({ deprecated: true, delisted: true, deadFrom: "1700000000" })).toBe(
      "dead_from",
    );
    expect(deadReason({ deprecated: true, delisted: true })).toBe("delisted");
    expect(deadReason({ deprecated: true, delisted: false })).toBe("deprecated");
    expect(isDead({ ...live, deadFrom: "2023-05-01" })).toBe(true);
    expect(isDead(live)).toBe(false);
  });
});

describe("rail mover floor on both ends", () => {
  it("is 5,000,000 USD", () => expect(RAIL_MIN_CIRCULATING_USD).toBe(5_000_000));
  it("excludes a coin that grew from $357K (USPD in the full world: +27,560 %)", () => {
    expect(railMoverEligible(98_745_000, 357_000)).toBe(false);
  });
  it("excludes a coin that fell below the floor", () => {
    expect(railMoverEligible(4_000_000, 50_000_000)).toBe(false);
  });
  it("needs both strictly above the floor and known", () => {
    expect(railMoverEligible(5_000_000, 6_000_000)).toBe(false);
    expect(railMoverEligible(6_000_000, 5_000_000)).toBe(false);
    expect(railMoverEligible(5_000_001, 5_000_001)).toBe(true);
    expect(railMoverEligible(6_000_000, null)).toBe(false);
    expect(railMoverEligible(null, 6_000_000)).toBe(false);
  });
});
