import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { getConfig } from "@/lib/config";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Stablecoin Intelligence", template: "%s · Stablecoin Intelligence" },
  description:
    "Peg deviation, liquidity depth, supply distribution and supply change for USD stablecoins. Informational only.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

/*
 * The header's and footer's links do not prefetch: every page would otherwise fetch five other
 * pages' payloads after hydration and load and run those pages' client code while the visitor's
 * own page is still becoming interactive, which is what a phone's main thread has least of. Those pages are cached on the server, so a click still
 * answers quickly.
 */
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        {getConfig().demoData ? (
          <p
            data-testid="demo-data-note"
            className="bg-amber-50 px-4 py-1 text-center text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            Showing the bundled demo data, not live providers.
          </p>
        ) : null}
        <header className="border-b border-slate-200 dark:border-slate-800">
          <nav
            aria-label="Main"
            className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm"
          >
            <Link prefetch={false} href="/" className="font-semibold tracking-tight">
              Stablecoin Intelligence
            </Link>
            <Link
              prefetch={false}
              href="/chains"
              className="text-slate-600 hover:underline dark:text-slate-300"
            >
              Chains
            </Link>
            <Link
              prefetch={false}
              href="/flows"
              className="text-slate-600 hover:underline dark:text-slate-300"
            >
              Flows
            </Link>
            <Link
              prefetch={false}
              href="/depegs"
              className="text-slate-600 hover:underline dark:text-slate-300"
            >
              Depegs
            </Link>
            <Link
              prefetch={false}
              href="/methodology"
              className="text-slate-600 hover:underline dark:text-slate-300"
            >
              Methodology
            </Link>
            <a href="/api/health" className="text-slate-600 hover:underline dark:text-slate-300">
              API health
            </a>
          </nav>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
        <footer className="mx-auto max-w-6xl px-4 pb-8 text-xs text-slate-500 dark:text-slate-400">
          <p>
            Informational only, not investment advice. Risk scores are point-in-time observations,
            not predictions of peg stability. No holder analytics.
          </p>
          <p className="mt-2">
            <Link prefetch={false} href="/docs/api" className="hover:underline">
              API reference
            </Link>
          </p>
        </footer>
      </body>
    </html>
  );
}
