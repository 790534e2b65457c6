/**
 * One path per chain: `/chains/<canonical name>` (lowercase, `bnb`, `optimism`). Any other
 * spelling of a listed chain (`BSC`, `OP%20Mainnet`, `Ethereum`) gets a 308 there, and a name
 * the aggregate does not list gets proxy.ts's fixed 404 document, so the page cache (ISR stores
 * every render under its path) holds at most one page per chain whatever clients type.
 */
import { canonicalChain } from "@/lib/domain/chains";
import { rankChains } from "@/lib/domain/chain-supply";
import { readChainTotals } from "@/lib/snapshot/chains";
import { readAggregate } from "@/lib/snapshot/live";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { CHAIN_PARAM_MAX_LENGTH, CHAIN_PARAM_PATTERN } from "./params";

export type ChainPathDecision =
  { kind: "page" } | { kind: "redirect"; segment: string } | { kind: "unknown" };

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** `raw`: the path segment exactly as requested (still URL-encoded). */
export function decideChainPath(raw: string, known: ReadonlySet<string>): ChainPathDecision {
  const decoded = decode(raw);
  if (
    decoded === null ||
    decoded.length > CHAIN_PARAM_MAX_LENGTH ||
    !CHAIN_PARAM_PATTERN.test(decoded)
  )
    return { kind: "unknown" };
  const chain = canonicalChain(decoded);
  if (!known.has(chain)) return { kind: "unknown" };
  const segment = encodeURIComponent(chain);
  return raw === segment ? { kind: "page" } : { kind: "redirect", segment };
}

/** Built once per version of the two lists (the read layer hands out new objects per re-check). */
let memo: { version: string; chains: ReadonlySet<string> } | null = null;

/** Chains with USD stablecoin supply; empty when the aggregate list is unavailable. */
export async function readKnownChains(readOpts?: ReadOpts): Promise<ReadonlySet<string>> {
  const [aggregate, totals] = await Promise.all([
    readAggregate(readOpts).catch(() => null),
    readChainTotals(readOpts).catch(() => null),
  ]);
  const version = `${aggregate?.storedAt ?? "-"}|${totals?.storedAt ?? "-"}`;
  if (memo?.version !== version) {
    const listed = totals ? new Map(totals.value.map((t) => [t.chain, t.totalUsd])) : null;
    const chains = aggregate ? rankChains(aggregate.value.assets, listed).map((s) => s.chain) : [];
    memo = { version, chains: new Set(chains) };
  }
  return memo.chains;
}
