/**
 * The tracked-asset registry: ids per provider, backing label, issuer, contract addresses per
 * chain (from `data/token-addresses.json`, itself compiled from public token lists — see its
 * `sources` fields) and the collateral-transparency facts the risk score uses (each with a
 * public source link). Only registry ids and addresses ever reach an upstream URL.
 */
import { z } from "zod";
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

export interface TrackedAsset {
  symbol: string;
  name: string;
  defillamaId: string;
  coingeckoId: string;
  backing: BackingLabel;
  issuer: string;
  addresses: Record<DexChain, TokenContract[]>;
  transparency: TransparencyFacts;
}

const contractSchema = z.object({
  address: z.string().regex(EVM_ADDRESS_PATTERN),
  decimals: z.number().int().min(0).max(36),
  kind: z.string(),
});
const tokenFileSchema = z.object({
  tokens: z.record(
    z.string(),
    z.object({
      coingecko_id: z.string(),
      defillama_id: z.string().regex(/^\d+$/),
      peg_mechanism: z.enum(["fiat-backed", "crypto-backed", "algorithmic"]),
      addresses: z.record(z.string(), z.array(contractSchema)),
    }),
  ),
});

interface RegistryExtra {
  name: string;
  issuer: string;
  transparency: TransparencyFacts;
  /** Only for assets missing from token-addresses.json. */
  fallback?: { defillamaId: string; coingeckoId: string; backing: BackingLabel };
}

/**
 * Issuer and transparency facts. Sources are the issuers' own public reserve/transparency
 * pages; cadence is what each page states it publishes.
 */
const EXTRA: Readonly<Record<string, RegistryExtra>> = {
  USDT: {
    name: "Tether",
    issuer: "Tether",
    transparency: {
      reserveReporting: "attestation",
      attestationCadence: "quarterly",
      sourceUrl: "https://tether.to/en/transparency/",
    },
  },
  USDC: {
    name: "USD Coin",
    issuer: "Circle",
    transparency: {
      reserveReporting: "attestation",
      attestationCadence: "monthly",
      sourceUrl: "https://www.circle.com/transparency",
    },
  },
  DAI: {
    name: "Dai",
    issuer: "Sky (MakerDAO)",
    transparency: {
      reserveReporting: "on-chain",
      attestationCadence: "real-time",
      sourceUrl: "https://info.sky.money/",
    },
  },
  USDS: {
    name: "Sky Dollar",
    issuer: "Sky (MakerDAO)",
    transparency: {
      reserveReporting: "on-chain",
      attestationCadence: "real-time",
      sourceUrl: "https://info.sky.money/",
    },
  },
  USDe: {
    name: "Ethena USDe",
    issuer: "Ethena",
    transparency: {
      reserveReporting: "attestation",
      attestationCadence: "weekly",
      sourceUrl: "https://app.ethena.fi/dashboards/transparency",
    },
  },
  FDUSD: {
    name: "First Digital USD",
    issuer: "First Digital",
    transparency: {
      reserveReporting: "attestation",
      attestationCadence: "monthly",
      sourceUrl: "https://firstdigitallabs.com/transparency",
    },
  },
  PYUSD: {
    name: "PayPal USD",
    issuer: "Paxos",
    transparency: {
      reserveReporting: "attestation",
      attestationCadence: "monthly",
      sourceUrl: "https://www.paxos.com/pyusd-transparency",
    },
  },
  USD1: {
    name: "World Liberty Financial USD",
    issuer: "World Liberty Financial",
    transparency: {
      reserveReporting: "attestation",
      attestationCadence: "monthly",
      sourceUrl: "https://www.worldlibertyfinancial.com/usd1",
    },
    fallback: { defillamaId: "262", coingeckoId: "usd1-wlfi", backing: "fiat-backed" },
  },
  FRAX: {
    name: "Frax",
    issuer: "Frax Finance",
    transparency: {
      reserveReporting: "on-chain",
      attestationCadence: "real-time",
      sourceUrl: "https://facts.frax.finance/",
    },
  },
  LUSD: {
    name: "Liquity USD",
    issuer: "Liquity",
    transparency: {
      reserveReporting: "on-chain",
      attestationCadence: "real-time",
      sourceUrl: "https://www.liquity.org/",
    },
  },
  crvUSD: {
    name: "crvUSD",
    issuer: "Curve",
    transparency: {
      reserveReporting: "on-chain",
      attestationCadence: "real-time",
      sourceUrl: "https://crvusd.curve.fi/",
    },
  },
  GHO: {
    name: "GHO",
    issuer: "Aave",
    transparency: {
      reserveReporting: "on-chain",
      attestationCadence: "real-time",
      sourceUrl: "https://app.aave.com/reserve-overview/?underlyingAsset=gho",
    },
  },
};

function emptyAddresses(): Record<DexChain, TokenContract[]> {
  return Object.fromEntries(DEX_CHAINS.map((c) => [c, []])) as unknown as Record<
    DexChain,
    TokenContract[]
  >;
}

function buildRegistry(): readonly TrackedAsset[] {
  const file = tokenFileSchema.parse(tokenAddressesJson);
  const out: TrackedAsset[] = [];
  for (const [symbol, extra] of Object.entries(EXTRA)) {
    const t = file.tokens[symbol];
    const addresses = emptyAddresses();
    if (t) {
      for (const chain of DEX_CHAINS) {
        addresses[chain] = (t.addresses[chain] ?? []).map((c) => ({
          address: c.address as `0x${string}`,
          decimals: c.decimals,
          kind: c.kind,
        }));
      }
    }
    const ids = t
      ? { defillamaId: t.defillama_id, coingeckoId: t.coingecko_id, backing: t.peg_mechanism }
      : extra.fallback;
    if (!ids) throw new Error(`registry: ${symbol} has neither addresses nor fallback ids`);
    out.push({
      symbol,
      name: extra.name,
      issuer: extra.issuer,
      transparency: extra.transparency,
      addresses,
      ...ids,
    });
  }
  return out;
}

export const TRACKED_ASSETS: readonly TrackedAsset[] = buildRegistry();
