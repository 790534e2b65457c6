/** Which pool counter-tokens count as USD stablecoins (for stable↔stable vs stable↔volatile). */

const STABLE_SYMBOLS = new Set(
  [
    "USDT",
    "USDC",
    "DAI",
    "USDS",
    "USDE",
    "FDUSD",
    "PYUSD",
    "USD1",
    "FRAX",
    "FRXUSD",
    "LUSD",
    "CRVUSD",
    "GHO",
    "TUSD",
    "USDP",
    "BUSD",
    "USDD",
    "RLUSD",
    "USDG",
    "USDBC",
    "USDC.E",
    "USDT0",
    "USDT.E",
    "DAI.E",
    "SUSD",
    "MIM",
    "DOLA",
    "USD0",
    "USDTB",
    "BOLD",
    "USDA",
    "EUSD",
    "AUSD",
  ].map((s) => s.toUpperCase()),
);

export function isUsdStableSymbol(symbol: string): boolean {
  const s = symbol.trim().toUpperCase();
  return STABLE_SYMBOLS.has(s) || /^(AXL|W|B|S)?USD[CT]?(\.E)?$/.test(s);
}
