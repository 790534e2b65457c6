import Link from "next/link";
import type { ReactNode } from "react";

const COIN_LINK_CLASS = "text-sky-700 underline dark:text-sky-400";

/**
 * A link to a coin's page by its selector. Never prefetched: a list of coins would otherwise
 * fetch every linked page's payload right after load.
 */
export function CoinLink({
  selector,
  className,
  children,
}: {
  selector: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      href={`/stablecoins/${encodeURIComponent(selector)}`}
      prefetch={false}
      className={className ? `${className} ${COIN_LINK_CLASS}` : COIN_LINK_CLASS}
    >
      {children}
    </Link>
  );
}
