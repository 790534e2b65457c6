/**
 * The chain-local depeg as a warning of the intel and risk answers: one per flagged chain, naming
 * the chain and its deviation in bps; never for a chain within 100 bps of 1.00 USD (the one
 * threshold of the flag, compared as the answer reports it: to 0.01 bps), never while the coin's
 * own price is off peg.
 */
import { chainLocalDepegWarnings, coinChainPegFields } from "@/lib/chains/coin-peg";
import { CHAIN_LOCAL_DEPEG_BPS, CHAIN_PEG_MIN_POOL_TVL_USD } from "@/lib/domain/chain-peg";
import { BPS_PER_UNIT } from "@/lib/domain/peg";
import { dexPool } from "../../helpers/dex-pool";

const TVL = CHAIN_PEG_MIN_POOL_TVL_USD * 10;

const pool = (chain: string, price: number, addr: string) => dexPool(chain, price, TVL, addr);

/** The warnings for one chain whose pools trade `bps` from 1.00 USD, the coin's price at `headline`. */
function warningsAt(bps: number, headline = 1) {
  const price = 1 + bps / BPS_PER_UNIT;
  const fields = coinChainPegFields([pool("base", price, "0xa"), pool("ethereum", 1, "0xb")], {
    aggregate: headline,
    market: null,
  });
  return chainLocalDepegWarnings(fields.flags);
}

describe("chain_local_depeg warning", () => {
  it("names the chain and its deviation in bps (USDC at 0.965 on Base)", () => {
    const [w, ...rest] = warningsAt(-350);
    expect(rest).toEqual([]);
    expect(w).toEqual({
      source: "DexScreener",
      type: "liquidity",
      code: "chain_local_depeg",
      message: expect.stringMatching(/^DexScreener \(liquidity\): .*Base pools.*350\.0 bps below/),
    });
  });

  it.each([
    [-(CHAIN_LOCAL_DEPEG_BPS - 1), 0],
    [-CHAIN_LOCAL_DEPEG_BPS, 0],
    [-(CHAIN_LOCAL_DEPEG_BPS + 1), 1],
    [CHAIN_LOCAL_DEPEG_BPS - 1, 0],
    [CHAIN_LOCAL_DEPEG_BPS, 0],
    [CHAIN_LOCAL_DEPEG_BPS + 1, 1],
    [CHAIN_LOCAL_DEPEG_BPS + 0.01, 1],
  ])("at %d bps: %i warning(s)", (bps, n) => {
    expect(warningsAt(bps)).toHaveLength(n);
  });

  it("says above for a chain over 1.00 USD, and nothing while the coin's own price is off peg", () => {
    expect(warningsAt(CHAIN_LOCAL_DEPEG_BPS + 1)[0]?.message).toMatch(/101\.0 bps above/);
    expect(warningsAt(-350, 0.99)).toEqual([]);
    // The coin's price exactly 50 bps off is still within the calm band.
    expect(warningsAt(-350, 0.995)).toHaveLength(1);
  });
});
