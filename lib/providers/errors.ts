import type { ProviderName } from "@/lib/telemetry";

export type ProviderErrorKind = "timeout" | "http" | "network" | "schema" | "too_large";

/**
 * Every failure of an upstream call. Carries the provider and the endpoint *template*
 * (`/coins/{id}/tickers`), never a concrete URL, header or key, so it is safe to log.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly provider: ProviderName,
    readonly endpoint: string,
    message: string,
    readonly status?: number,
    /** Seconds from a `Retry-After` header, when the upstream sent one (429/503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${provider} ${endpoint}: ${message}`);
    this.name = "ProviderError";
  }
}

export function isProviderError(e: unknown): e is ProviderError {
  return e instanceof ProviderError;
}
