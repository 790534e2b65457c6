/**
 * Constants shared across layers, in one dependency-free module: client bundles import it too
 * (through `lib/api/params.ts`), so it must never import anything.
 */

/** Milliseconds in one second: seconds-based TTLs and upstream timestamps ↔ the ms clock. */
export const MS_PER_SECOND = 1_000;

/** DefiLlama's peg type of USD stablecoins, the only ones the service reports. */
export const USD_PEG_TYPE = "peggedUSD";

/** An EVM contract or wallet address: `0x` and 40 hexadecimal characters (any case). */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
