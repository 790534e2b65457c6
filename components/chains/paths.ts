/** A chain page's canonical path (lib/chains/canonical.ts answers every other spelling). */
export const chainPath = (chain: string): string => `/chains/${encodeURIComponent(chain)}`;
