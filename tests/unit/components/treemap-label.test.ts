import {
  leafLabel,
  MIN_LABEL_HEIGHT_PX,
  parentLabel,
  textWidthPx,
} from "@/components/issuers/treemapLabel";

describe("treemap labels only where they fit their tile", () => {
  const full = "Arbitrum $1.8B";

  it("keeps name and value on a tile wide enough for both", () => {
    expect(leafLabel("Arbitrum", "$1.8B", { width: 200, height: 60 })).toBe(full);
  });

  it("drops the value, then the whole label, as the tile narrows", () => {
    // Too narrow for "Arbitrum $1.8B" (it would run onto the next tile), wide enough for the name.
    const nameOnly = textWidthPx("Arbitrum") + 10;
    expect(nameOnly).toBeLessThan(textWidthPx(full));
    expect(leafLabel("Arbitrum", "$1.8B", { width: nameOnly, height: 60 })).toBe("Arbitrum");
    expect(leafLabel("Arbitrum", "$1.8B", { width: 30, height: 60 })).toBe("");
  });

  it("never labels a tile shorter than a line of text", () => {
    expect(leafLabel("Polygon", "$1.4B", { width: 400, height: MIN_LABEL_HEIGHT_PX - 1 })).toBe("");
    expect(leafLabel("Polygon", "$1.4B", { width: 400, height: MIN_LABEL_HEIGHT_PX })).toBe(
      "Polygon $1.4B",
    );
  });

  it("any label it returns is narrower than its tile", () => {
    for (let width = 0; width <= 200; width += 5) {
      const text = leafLabel("Hyperliquid L1", "$377.7M", { width, height: 40 });
      expect(textWidthPx(text)).toBeLessThan(Math.max(width, 1));
    }
  });

  it("hides an issuer's name on a tile too narrow for it", () => {
    expect(parentLabel("Sky (MakerDAO)", { width: 300 })).toBe("Sky (MakerDAO)");
    expect(parentLabel("Sky (MakerDAO)", { width: 40 })).toBe("");
  });
});
