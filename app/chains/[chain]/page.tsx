import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ChainCoinsTable } from "@/components/chains/ChainCoinsTable";
import { ChainHistory } from "@/components/chains/ChainHistory";
import { ChainLocalDepegEvents } from "@/components/chains/ChainLocalDepegEvents";
import { chainLabel, formatBps, formatPct, formatUsd, formatUtc } from "@/components/format";
import { ErrorState } from "@/components/ui/ErrorState";
import { WarningsNotice } from "@/components/ui/Notice";
import { Section } from "@/components/ui/Section";
import { getChain } from "@/lib/chains";
import { chainParamSchema } from "@/lib/chains/params";
import { SPLIT_SCOPE_CODE } from "@/lib/chains/warnings";
import { keepDegradedBriefly } from "@/lib/page-cache";

// Rendered on first visit, then regenerated in the background every minute (the chain-local peg
// comes from live pools); a degraded render is kept briefly. Only canonical names reach this page:
// proxy.ts answers other spellings with a 308 and unknown chains with one shared 404 path
// (lib/chains/canonical.ts).
export const revalidate = 60;

export function generateStaticParams(): { chain: string }[] {
  return [];
}

type Props = { params: Promise<{ chain: string }> };

async function chainOf(params: Props["params"]): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent((await params).chain);
  } catch {
    return null;
  }
  const parsed = chainParamSchema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}

/** One chain read per request, shared by the metadata and the page. */
const load = cache(async (chain: string) => {
  try {
    return await getChain(chain);
  } catch {
    return null;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const chain = await chainOf(params);
  const result = chain ? await load(chain) : null;
  if (!result?.ok) return { title: "Chain not found", robots: { index: false } };
  const name = chainLabel(result.body.chain.chain);
  return {
    title: `Stablecoins on ${name}`,
    description: `USD stablecoin supply on ${name}: its coins, natively minted vs bridged-in supply, the chain-local peg and supply history. Informational only.`,
  };
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="tabular text-lg font-semibold">{value}</dd>
    </div>
  );
}

export default async function ChainPage({ params }: Props) {
  const chain = await chainOf(params);
  if (chain === null) notFound();
  const result = await load(chain);
  if (result && !result.ok && "unknown" in result) notFound();
  const body = result?.ok ? result.body : null;
  await keepDegradedBriefly(
    body === null || body.warning_codes.some((code) => code !== SPLIT_SCOPE_CODE),
  );
  if (!body)
    return (
      <ErrorState
        title="Chain figures are unavailable"
        message="DefiLlama (aggregate): the stablecoin aggregate could not be loaded. Try again in a minute."
      />
    );
  const s = body.chain;
  const name = chainLabel(s.chain);
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <p className="text-sm">
          <Link
            prefetch={false}
            href="/chains"
            className="text-sky-700 underline dark:text-sky-400"
          >
            All chains
          </Link>
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">Stablecoins on {name}</h1>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <Stat label="USD stablecoin supply" value={formatUsd(s.total_circulating_usd)} />
          <Stat label="Rank" value={`#${s.rank}`} />
          <Stat label="1-day change" value={formatPct(s.change_1d_pct)} />
          <Stat label="7-day change" value={formatPct(s.change_7d_pct)} />
          <Stat label="30-day change" value={formatPct(s.change_30d_pct)} />
        </dl>
      </div>
      {body.flags.length > 0 ? (
        <div
          role="alert"
          data-testid="chain-local-depeg"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
        >
          {body.flags.map((f) => (
            <p key={`${f.asset}-${f.chain}`}>
              Chain-local depeg: {f.asset} trades at {formatBps(f.deviation_bps)} from $1.00 on{" "}
              {name} while its aggregate price is {formatBps(f.aggregate_deviation_bps)} from $1.00.
            </p>
          ))}
        </div>
      ) : null}
      <WarningsNotice warnings={body.warnings} label="Partial data: some sources are unavailable" />
      <Section
        id="chain-coins"
        title={`Coins on ${name}`}
        description="Supply on the chain, natively minted vs bridged in, and the coin's DEX price on this chain (pools of at least $50k TVL)."
        provenance={
          <span className="text-xs text-slate-600 dark:text-slate-300">
            DefiLlama (aggregate) as of {formatUtc(body.metadata.sources[0]?.as_of)}; DexScreener
            (liquidity) pools
          </span>
        }
        methodHref="/methodology#chains"
      >
        <ChainCoinsTable chainName={name} coins={body.coins} flags={body.flags} />
      </Section>
      <Section
        id="chain-local-depeg-events"
        title={`Chain-local depeg events on ${name}`}
        description={`Each time a coin's price on ${name} stayed off its peg while its aggregate price held, from the service's own samples.`}
        methodHref="/methodology#history-events"
      >
        <ChainLocalDepegEvents chain={s.chain} chainName={name} />
      </Section>
      <Section id="chain-history" title={`Supply history on ${name}`}>
        {body.history.length > 0 ? (
          <ChainHistory chainName={name} history={body.history} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The chain&apos;s supply history is unavailable.
          </p>
        )}
      </Section>
    </div>
  );
}
