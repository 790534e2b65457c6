/**
 * The page cache's header values, free of Next's runtime imports so the proxy can use them too.
 * page-cache-handler.mjs keeps the same values (a unit test checks); docs/caching.md "Pages".
 */

/** The tag of a page rendered from partial data (page-cache-handler.mjs reads it). */
export const PARTIAL_PAGE_TAG = "partial-data";

/** How long the server reuses a page rendered from partial data (page-cache-handler.mjs). */
export const PARTIAL_PAGE_REUSE_MS = 1000;

/** The Cache-Control of a page rendered from partial data (page-cache-handler.mjs). */
export const PARTIAL_PAGE_CACHE_CONTROL = "private, no-store";

/** A CDN's `s-maxage` for a complete page built from data (page-cache-handler.mjs). */
export const DATA_PAGE_CDN_SECONDS = 15;

/** A CDN's `s-maxage` for a page built from the code alone (page-cache-handler.mjs). */
export const STATIC_PAGE_CDN_SECONDS = 24 * 60 * 60;

/** How long past `s-maxage` a CDN may serve a complete page while it re-renders (page-cache-handler.mjs). */
export const PAGE_EXPIRE_SECONDS = 7 * 24 * 60 * 60;

/** The header of a complete page: shared caches keep it `cdnSeconds`, then serve it stale while it re-renders. */
export function completePageCacheControl(cdnSeconds: number): string {
  return `public, s-maxage=${cdnSeconds}, stale-while-revalidate=${PAGE_EXPIRE_SECONDS - cdnSeconds}`;
}
