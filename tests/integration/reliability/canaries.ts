/**
 * Canary secrets of the reliability suite and the soak. Pure constants (no imports): the secret
 * scanner (`scripts/check-secrets.ts`) imports this file too. None of these is a real key; each
 * must only ever appear where the service is allowed to send it (the provider's own header).
 */

/** Set as `DUNE_WRITE_API_KEY` in the secrets test: the request path must never read or echo it. */
export const CANARY_WRITE_KEY = "canary-dune-write-key-c4d19e";

/** Read keys the soak gives its `next start` process (it logs to test-results/soak/). */
export const SOAK_DUNE_KEY = "canary-soak-dune-read-key-08b6f1";
export const SOAK_CG_KEY = "canary-soak-cg-key-92ad4e";
