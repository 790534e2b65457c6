/**
 * Page caching (incremental static regeneration). Each page exports its own `revalidate`
 * literal (Next requires a literal there): the data's own freshness, listed here for the
 * methodology page (a unit test keeps the two equal). A render from partial data (a source
 * unavailable, stale or cut short) calls `keepDegradedBriefly(true)`, which tags it
 * PARTIAL_PAGE_TAG: the page store (page-cache-handler.mjs) never keeps such a render as the
 * page. It is reused for PARTIAL_PAGE_REUSE_MS at most, answered `private, no-store`, and the
 * next visit after that renders the page again, so the first visitor once the data is back sees
 * the data (docs/caching.md "Pages").
 *
 * Mechanism: an `unstable_cache` entry's tags are added to the page render that calls it
 * (documented for `unstable_cache` and `fetch`) and stored with the page; the cached value
 * itself is a constant and is never used.
 */
import { unstable_cache } from "next/cache";
import {
  DATA_PAGE_CDN_SECONDS,
  PARTIAL_PAGE_TAG,
  STATIC_PAGE_CDN_SECONDS,
} from "./page-cache-headers";

export {
  DATA_PAGE_CDN_SECONDS,
  PAGE_EXPIRE_SECONDS,
  PARTIAL_PAGE_CACHE_CONTROL,
  PARTIAL_PAGE_REUSE_MS,
  PARTIAL_PAGE_TAG,
  STATIC_PAGE_CDN_SECONDS,
} from "./page-cache-headers";

/**
 * Each page's `revalidate` (seconds) and why; `cdnSeconds` = the `s-maxage` its complete render is
 * sent with (`public`, page-cache-handler.mjs): 15 s for a page built from data, a day for one
 * built from the code. A render from partial data is sent `private, no-store` whatever the page.
 */
export const PAGE_REVALIDATE_SECONDS = {
  "/": {
    seconds: 6 * 60 * 60,
    cdnSeconds: DATA_PAGE_CDN_SECONDS,
    file: "app/(home)/page.tsx",
    why: "the supply panel's 6 h class",
  },
  "/stablecoins/[asset]": {
    seconds: 60,
    cdnSeconds: DATA_PAGE_CDN_SECONDS,
    file: "app/stablecoins/[asset]/page.tsx",
    why: "live prices and pools (60 s)",
  },
  "/flows": {
    seconds: 60 * 60,
    cdnSeconds: DATA_PAGE_CDN_SECONDS,
    file: "app/flows/page.tsx",
    why: "scheduled snapshots that refresh every 12 h or more",
  },
  "/chains": {
    seconds: 6 * 60 * 60,
    cdnSeconds: DATA_PAGE_CDN_SECONDS,
    file: "app/chains/page.tsx",
    why: "the aggregate's chain figures (6 h class)",
  },
  "/chains/[chain]": {
    seconds: 60,
    cdnSeconds: DATA_PAGE_CDN_SECONDS,
    file: "app/chains/[chain]/page.tsx",
    why: "the chain-local peg from live pools (60 s)",
  },
  "/depegs": {
    seconds: 60 * 60,
    cdnSeconds: DATA_PAGE_CDN_SECONDS,
    file: "app/depegs/page.tsx",
    why: "long-range price series cached for an hour and more",
  },
  "/docs/api": {
    seconds: 24 * 60 * 60,
    cdnSeconds: STATIC_PAGE_CDN_SECONDS,
    file: "app/docs/api/page.tsx",
    why: "rendered from the OpenAPI document built from the code; a deploy replaces it",
  },
  "/methodology": {
    seconds: 24 * 60 * 60,
    cdnSeconds: STATIC_PAGE_CDN_SECONDS,
    file: "app/methodology/page.tsx",
    why: "built from the code; a deploy replaces it",
  },
} as const;

const partialMarker = unstable_cache(async () => true, ["partial-render"], {
  tags: [PARTIAL_PAGE_TAG],
  revalidate: false,
});

/** Marks this render as made from partial data when `degraded` (see above). */
export async function keepDegradedBriefly(degraded: boolean): Promise<void> {
  if (degraded) await partialMarker();
}
