/**
 * Validation of everything that becomes part of an upstream URL path. Only registry ids and
 * addresses ever reach a path (never a user's `q`), and even those are checked here before use:
 * a value that does not match its pattern is refused before any request is made.
 */
import { EVM_ADDRESS_PATTERN } from "@/lib/domain/constants";
import type { ProviderName } from "@/lib/telemetry";

const ID_PATTERN = /^[A-Za-z0-9._-]+$/;
const DOT_SEGMENT = /^\.+$/;
const MAX_ID_LENGTH = 128;
/** Base58 (no 0, O, I, l), 32–44 characters: a Solana mint address. */
const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const NUMERIC_ID_PATTERN = /^\d{1,12}$/;
const PLACEHOLDER = /\{([A-Za-z_]+)\}/g;

/**
 * A caller passed a value that may not be put into an upstream URL. A programming error (the
 * registry should never hold such a value), not an upstream failure: nothing was requested.
 * The message never repeats the value.
 */
export class ProviderInputError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly endpoint: string,
    what: string,
  ) {
    super(`${provider} ${endpoint}: invalid ${what}`);
    this.name = "ProviderInputError";
  }
}

export function isProviderInputError(e: unknown): e is ProviderInputError {
  return e instanceof ProviderInputError;
}

export interface SegmentContext {
  provider: ProviderName;
  endpoint: string;
}

/** A registry id (CoinGecko id, DefiLlama id, chain id): `[A-Za-z0-9._-]+`, not `.`/`..`. */
export function idSegment(value: string, ctx: SegmentContext, what = "id"): string {
  if (value.length > MAX_ID_LENGTH || !ID_PATTERN.test(value) || DOT_SEGMENT.test(value)) {
    throw new ProviderInputError(ctx.provider, ctx.endpoint, what);
  }
  return encodeURIComponent(value);
}

/** A numeric id such as a Dune query id or a DefiLlama asset id. */
export function numericIdSegment(value: string, ctx: SegmentContext, what = "id"): string {
  if (!NUMERIC_ID_PATTERN.test(value))
    throw new ProviderInputError(ctx.provider, ctx.endpoint, what);
  return value;
}

export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS_PATTERN.test(value);
}

/** An EVM address (`0x` + 40 hex). */
export function evmAddressSegment(value: string, ctx: SegmentContext): string {
  if (!isEvmAddress(value)) throw new ProviderInputError(ctx.provider, ctx.endpoint, "address");
  return value;
}

/**
 * A token address for `chain` (canonical name): EVM everywhere, except Solana mints (base58),
 * which the DEX aggregator also indexes.
 */
export function tokenAddressSegment(chain: string, value: string, ctx: SegmentContext): string {
  if (!isTokenAddress(chain, value))
    throw new ProviderInputError(ctx.provider, ctx.endpoint, "address");
  return value;
}

/** Whether `value` may be sent as a token address on `chain` (see tokenAddressSegment). */
export function isTokenAddress(chain: string, value: string): boolean {
  return chain === "solana" ? SOLANA_ADDRESS_PATTERN.test(value) : isEvmAddress(value);
}

/** Fills `{name}` placeholders of an endpoint template with already validated segments. */
export function fillPath(
  template: string,
  segments: Record<string, string>,
  ctx: SegmentContext,
): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const segment = segments[name];
    if (segment === undefined)
      throw new ProviderInputError(ctx.provider, ctx.endpoint, `path (${name})`);
    return segment;
  });
}
