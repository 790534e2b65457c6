import Link from "next/link";
import { formatPct, formatUsd, formatUsdFull, signClass } from "@/components/format";
import { TONE } from "@/components/rail/RailChips";
import { AsOf } from "@/components/ui/AsOf";
import { SourceBadge } from "@/components/ui/SourceBadge";
import type { SupplyResponse } from "@/lib/supply/schema";

type Body = Pick<
  SupplyResponse,
  | "assets"
  | "total_circulating_usd"
  | "total_change_7d_usd"
  | "total_change_7d_pct"
  | "total_change_30d_usd"
  | "total_change_30d_pct"
  | "metadata"
>;

const NOT_MEASURED = "not measured";

function Change({
  label,
  usd,
  pct,
  testId,
}: {
  label: string;
  usd: number | null;
  pct: number | null;
  testId: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        className={`tabular whitespace-nowrap text-lg font-semibold ${TONE[signClass(usd)]}`}
        data-testid={testId}
        data-value={usd ?? undefined}
      >
        {usd === null ? (
          <span className="font-normal text-slate-500 dark:text-slate-400">{NOT_MEASURED}</span>
        ) : (
          <>
            {formatUsd(usd, { signed: true })}{" "}
            {/* Under the amount on a phone, so the two changes fit side by side. */}
            <span className="block text-sm font-normal sm:inline">({formatPct(pct)})</span>
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * The home page's headline: the total USD stablecoin market and its 7- and 30-day change, from
 * the aggregate list (the one place the page states the total).
 */
export function MarketHeadline({ body }: { body: Body }) {
  const live = body.assets.filter((a) => !a.dead).length;
  return (
    <section
      aria-label="Total USD stablecoin market"
      data-testid="market-headline"
      className="space-y-2 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800"
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:flex sm:flex-wrap sm:items-end sm:gap-x-8">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
            Total USD stablecoin market
          </dt>
          <dd
            className="tabular whitespace-nowrap text-3xl font-semibold"
            data-testid="market-total"
            data-value={body.total_circulating_usd}
            title={formatUsdFull(body.total_circulating_usd)}
          >
            {formatUsd(body.total_circulating_usd)}
          </dd>
        </div>
        <Change
          label="7d change"
          usd={body.total_change_7d_usd}
          pct={body.total_change_7d_pct}
          testId="market-change-7d"
        />
        <Change
          label="30d change"
          usd={body.total_change_30d_usd}
          pct={body.total_change_30d_pct}
          testId="market-change-30d"
        />
      </dl>
      <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600 dark:text-slate-400">
        <span>
          Circulating supply of {live} live USD-pegged coins (dead coins left out); the change is
          against each coin&apos;s record 7 or 30 days earlier, a coin without one counting as
          growth.
        </span>
        <SourceBadge name="DefiLlama" type="aggregate" />
        <AsOf iso={body.metadata.as_of} stale={body.metadata.stale} />
        <Link
          href="/methodology#supply"
          prefetch={false}
          className="text-sky-700 underline dark:text-sky-400"
        >
          Method
        </Link>
      </p>
    </section>
  );
}
