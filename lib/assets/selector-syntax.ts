/**
 * `q` syntax, defined once for the API (lib/api/params), the OpenAPI document (generated from
 * that schema) and the lookup box (components/search): the characters real symbols use (`USD+`,
 * `eUSD(v2)`, `USD.AI`, `m-2-wrong`), at most 64 of them. Anything else is refused before
 * resolution. `+` must be URL-encoded (`%2B`) in a query string, where a bare `+` means a space.
 * Dependency-free: client bundles import it.
 */
export const SELECTOR_MAX_LENGTH = 64;
export const SELECTOR_PATTERN = /^[A-Za-z0-9._+()-]+$/;
/** The pattern in words, for error messages (API and lookup alike). */
export const SELECTOR_CHARACTERS = "letters, digits and the characters . _ - + ( )";

export function isSelector(q: string): boolean {
  return q.length <= SELECTOR_MAX_LENGTH && SELECTOR_PATTERN.test(q);
}
