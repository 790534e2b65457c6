import Link from "next/link";

/** A chain the aggregate does not list, or a malformed name (served with HTTP 404). */
export default function ChainNotFound() {
  return (
    <div className="space-y-3 py-12" data-testid="chain-not-found">
      <h1 className="text-2xl font-semibold">Chain not found</h1>
      <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
        The stablecoin aggregate lists no USD stablecoin supply on this chain.
      </p>
      <Link prefetch={false} href="/chains" className="text-sky-700 underline dark:text-sky-400">
        All chains
      </Link>
    </div>
  );
}
