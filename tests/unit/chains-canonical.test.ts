import { decideChainPath } from "@/lib/chains/canonical";

describe("chain page paths: one per chain", () => {
  const known = new Set(["ethereum", "bnb", "optimism", "tron", "re.al", "hyperliquid-l1"]);

  it("serves the canonical name and redirects every other spelling of a listed chain", () => {
    expect(decideChainPath("ethereum", known)).toEqual({ kind: "page" });
    expect(decideChainPath("re.al", known)).toEqual({ kind: "page" });
    expect(decideChainPath("BSC", known)).toEqual({ kind: "redirect", segment: "bnb" });
    expect(decideChainPath("OP%20Mainnet", known)).toEqual({
      kind: "redirect",
      segment: "optimism",
    });
    expect(decideChainPath("Ethereum", known)).toEqual({ kind: "redirect", segment: "ethereum" });
    expect(decideChainPath("Hyperliquid%20L1", known)).toEqual({
      kind: "redirect",
      segment: "hyperliquid-l1",
    });
    expect(decideChainPath("%74ron", known)).toEqual({ kind: "redirect", segment: "tron" });
  });

  it("sends unknown or malformed names to the one shared 404", () => {
    for (const raw of ["no-such-chain", "~unknown", "%E0%A4%A", "..", "a%2Fb", "__proto__x", ""])
      expect(decideChainPath(raw, known)).toEqual({ kind: "unknown" });
    expect(decideChainPath("constructor", known)).toEqual({ kind: "unknown" });
  });
});
