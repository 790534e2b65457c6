/**
 * The data overlay: facts no provider has, keyed by DefiLlama id and laid over the aggregate
 * asset — issuer, collateral-transparency facts (each with a public source link), contract
 * overrides per chain (`data/token-addresses.json`, compiled from public token lists — see its
 * `sources` fields) and an identity used only while the aggregate list is unavailable. Every coin
 * goes through the same code path; a coin the overlay does not name simply has no overlay facts,
 * and a fact missing here is unknown (null), never a default. Only ids and addresses ever reach an
 * upstream URL.
 */
import { z } from "zod";
import overlayJson from "./data/overlay.json";
import tokenAddressesJson from "./data/token-addresses.json";
import { DEX_CHAINS, type DexChain } from "@/lib/domain/chains";
import { EVM_ADDRESS_PATTERN } from "@/lib/domain/constants";

export type BackingLabel = "fiat-backed" | "crypto-backed" | "algorithmic";

export interface TokenContract {
  address: `0x${string}`;
  decimals: number;
  kind: string;
}

/** Public, source-backed facts about reserve reporting (used by the risk score). */
export interface TransparencyFacts {
  /** How reserves can be verified: on-chain collateral, third-party attestation, or neither. */
  reserveReporting: "on-chain" | "attestation" | "audit" | "none";
  /** How often reserve reports are published. */
  attestationCadence: "real-time" | "daily" | "weekly" | "monthly" | "quarterly" | "none";
  sourceUrl: string;
}

/** One coin's overlay facts; every field but the key may be unknown. */
export interface OverlayFacts {
  defillamaId: string;
  /** Identity for resolution while the aggregate list is unavailable. */
  symbol: string;
  name: string | null;
  coingeckoId: string | null;
  backing: BackingLabel | null;
  issuer: string | null;
  /** Contract overrides per DEX chain (the market provider's contracts otherwise); [] = none. */
  addresses: Record<DexChain, TokenContract[]>;
  transparency: TransparencyFacts | null;
}

const backingSchema = z.enum(["fiat-backed", "crypto-backed", "algorithmic"]);
const overlayFileSchema = z.object({
  coins: z.record(
    z.string().regex(/^\d+$/),
    z.object({
      symbol: z.string().min(1),
      name: z.string().nullable().default(null),
      coingecko_id: z.string().nullable().default(null),
      backing: backingSchema.nullable().default(null),
      issuer: z.string().nullable().default(null),
      transparency: z
        .object({
          reserve_reporting: z.enum(["on-chain", "attestation", "audit", "none"]),
          attestation_cadence: z.enum([
            "real-time",
            "daily",
            "weekly",
            "monthly",
            "quarterly",
            "none",
          ]),
          source_url: z.url(),
        })
        .nullable()
        .default(null),
    }),
  ),
});
const contractSchema = z.object({
  address: z.string().regex(EVM_ADDRESS_PATTERN),
  decimals: z.number().int().min(0).max(36),
  kind: z.string(),
});
const tokenFileSchema = z.object({
  tokens: z.record(
    z.string(),
    z.object({
      defillama_id: z.string().regex(/^\d+$/),
      addresses: z.record(z.string(), z.array(contractSchema)),
    }),
  ),
});

function addressesOf(byChain: Record<string, z.infer<typeof contractSchema>[]> | undefined) {
  return Object.fromEntries(
    DEX_CHAINS.map((chain) => [
      chain,
      (byChain?.[chain] ?? []).map((c) => ({
        address: c.address as `0x${string}`,
        decimals: c.decimals,
        kind: c.kind,
      })),
    ]),
  ) as unknown as Record<DexChain, TokenContract[]>;
}

function buildOverlay(): ReadonlyMap<string, OverlayFacts> {
  const facts = overlayFileSchema.parse(overlayJson).coins;
  const tokens = Object.values(tokenFileSchema.parse(tokenAddressesJson).tokens);
  const out = new Map<string, OverlayFacts>();
  for (const [id, f] of Object.entries(facts)) {
    const t = f.transparency;
    out.set(id, {
      defillamaId: id,
      symbol: f.symbol,
      name: f.name,
      coingeckoId: f.coingecko_id,
      backing: f.backing,
      issuer: f.issuer,
      addresses: addressesOf(tokens.find((x) => x.defillama_id === id)?.addresses),
      transparency: t && {
        reserveReporting: t.reserve_reporting,
        attestationCadence: t.attestation_cadence,
        sourceUrl: t.source_url,
      },
    });
  }
  return out;
}

/** DefiLlama id → overlay facts. */
export const OVERLAY: ReadonlyMap<string, OverlayFacts> = buildOverlay();
/** Every overlay entry, in DefiLlama-id order. */
export const OVERLAY_COINS: readonly OverlayFacts[] = [...OVERLAY.values()];

export function overlayFor(defillamaId: string | null): OverlayFacts | null {
  return defillamaId === null ? null : (OVERLAY.get(defillamaId) ?? null);
}
