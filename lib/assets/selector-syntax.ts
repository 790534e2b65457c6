/**
 * `q` syntax: the characters real symbols use (`USD+`, `eUSD(v2)`, `USD.AI`, `m-2-wrong`), at
 * most 64 of them. Anything else is refused before resolution. `+` must be URL-encoded (`%2B`)
 * in a query string, where a bare `+` means a space. Dependency-free: client bundles import it
 * through lib/api/params.
 */
export const SELECTOR_MAX_LENGTH = 64;
export const SELECTOR_PATTERN = /^[A-Za-z0-9._+()-]+$/;

export function isSelector(q: string): boolean {
  return q.length <= SELECTOR_MAX_LENGTH && SELECTOR_PATTERN.test(q);
}
