import Link from "next/link";

export default function NotFound() {
  return (
    <div className="space-y-3 py-12">
      <h1 className="text-2xl font-semibold">Not found</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        This page or stablecoin is not known to the service.
      </p>
      <Link prefetch={false} href="/" className="text-sky-700 underline dark:text-sky-400">
        Back to all stablecoins
      </Link>
    </div>
  );
}
