/**
 * Page caching (incremental static regeneration). Each page exports its own `revalidate`
 * literal (Next requires a literal there): the data's own freshness, listed here for the
 * methodology page (a unit test keeps the two equal). A render that had to show
 * warnings calls `keepDegradedBriefly()`, which lowers that one render's lifetime to
 * DEGRADED_REVALIDATE_SECONDS, so a page built while a source was down is replaced soon.
 *
 * Mechanism: an `unstable_cache` entry with a shorter `revalidate` lowers the revalidate of the
 * page render that calls it (documented for `unstable_cache` and `fetch`); the cached value
 * itself is a constant and is never used.
 */
import { unstable_cache } from "next/cache";

export const DEGRADED_REVALIDATE_SECONDS = 15;

/** A CDN's `s-maxage` for a page built from the code alone (next.config.mjs). */
export const STATIC_PAGE_CDN_SECONDS = 24 * 60 * 60;

/**
 * Each page's `revalidate` (seconds) and why; `cdnSeconds` = the `s-maxage` next.config.mjs sends
 * for it with `public`: the degraded lifetime for a page that can render degraded (fixed per path,
 * so no CDN keeps a degraded copy longer than the server), a day for one built from the code.
 */
export const PAGE_REVALIDATE_SECONDS = {
  "/": {
    seconds: 6 * 60 * 60,
    cdnSeconds: DEGRADED_REVALIDATE_SECONDS,
    file: "app/(home)/page.tsx",
    why: "the supply panel's 6 h class",
  },
  "/stablecoins/[asset]": {
    seconds: 60,
    cdnSeconds: DEGRADED_REVALIDATE_SECONDS,
    file: "app/stablecoins/[asset]/page.tsx",
    why: "live prices and pools (60 s)",
  },
  "/flows": {
    seconds: 60 * 60,
    cdnSeconds: DEGRADED_REVALIDATE_SECONDS,
    file: "app/flows/page.tsx",
    why: "scheduled snapshots that refresh every 12 h or more",
  },
  "/chains": {
    seconds: 6 * 60 * 60,
    cdnSeconds: DEGRADED_REVALIDATE_SECONDS,
    file: "app/chains/page.tsx",
    why: "the aggregate's chain figures (6 h class)",
  },
  "/chains/[chain]": {
    seconds: 60,
    cdnSeconds: DEGRADED_REVALIDATE_SECONDS,
    file: "app/chains/[chain]/page.tsx",
    why: "the chain-local peg from live pools (60 s)",
  },
  "/depegs": {
    seconds: 60 * 60,
    cdnSeconds: DEGRADED_REVALIDATE_SECONDS,
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

/** How long past `revalidate` a CDN may serve a page while it re-renders (next.config.mjs). */
export const PAGE_EXPIRE_SECONDS = 7 * 24 * 60 * 60;

const degradedMarker = unstable_cache(async () => true, ["degraded-render"], {
  revalidate: DEGRADED_REVALIDATE_SECONDS,
});

export async function keepDegradedBriefly(degraded: boolean): Promise<void> {
  if (degraded) await degradedMarker();
}
