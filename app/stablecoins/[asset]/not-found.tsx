import Link from "next/link";

/** Unknown or malformed stablecoin selector (served with HTTP 404). */
export default function AssetNotFound() {
  return (
    <div className="space-y-3 py-12" data-testid="asset-not-found">
      <h1 className="text-2xl font-semibold">Stablecoin not found</h1>
      <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
        No USD stablecoin matches this address. Use a symbol such as <code>usdc</code>, a CoinGecko
        id or a DefiLlama id.
      </p>
      <Link prefetch={false} href="/" className="text-sky-700 underline dark:text-sky-400">
        Back to all stablecoins
      </Link>
    </div>
  );
}
