/**
 * The page store (Next's incremental cache, `cacheHandler` in next.config.mjs): Next's own file
 * store, with one rule on top. A page rendered from partial data (a source unavailable, stale or
 * cut short: the render called `keepDegradedBriefly(true)`, lib/page-cache.ts, which tags it
 * PARTIAL_PAGE_TAG) is never kept as the page:
 *
 * - the server reuses it for PARTIAL_PAGE_REUSE_MS at most (a burst is not re-rendered per
 *   request), then renders the page again on the next visit instead of serving the copy stale
 *   in the background, so the first visitor once the data is back sees the data; a copy made
 *   during `next build` without a reachable upstream is never served;
 * - its answer says `private, no-store`, so no CDN or browser keeps it.
 *
 * A complete page is answered `public, s-maxage=<n>, stale-while-revalidate=<rest of the expire
 * time>` (docs/caching.md "Pages"): 15 s for a page built from data, a day for a page built from
 * the code alone. The header travels with the stored page (its `headers`), so a fresh render and
 * a stored copy say the same. lib/page-cache.ts keeps the same values (a unit test checks).
 *
 * A stored page's HTML is handed out as UTF-8 bytes, encoded once per stored render, instead of
 * the string Next keeps: Next writes a string page with `res.end(string)` after measuring it with
 * `Buffer.byteLength`, so Node encoded the whole document twice per request; a page with any
 * character outside Latin-1 (`−`, `≤`, `—`) is a two-byte string, and that encoding was the
 * largest cost of a cached page hit in a CPU profile of `next start`. Bytes are streamed as they
 * are (chunked, without Content-Length). This changes only what `get` hands out, never what is
 * stored. The class extends Next's internal one, so a Next upgrade must re-check it.
 */
import FileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

/** The cache tag a render from partial data carries (lib/page-cache.ts sets it). */
export const PARTIAL_PAGE_TAG = "partial-data";
/** How long the server reuses a page rendered from partial data. */
export const PARTIAL_PAGE_REUSE_MS = 1000;
/** How long past its `s-maxage` a CDN may serve a complete page while it re-renders. */
export const PAGE_EXPIRE_SECONDS = 7 * 24 * 60 * 60;
/** A CDN's `s-maxage` for a page built from data. */
export const DATA_PAGE_CDN_SECONDS = 15;
/** A CDN's `s-maxage` for a page built from the code alone (a deploy replaces it). */
export const STATIC_PAGE_CDN_SECONDS = 24 * 60 * 60;
/** Paths of the pages built from the code alone. */
export const STATIC_PAGE_KEYS = ["/methodology", "/docs/api"];
/** Next tags a stored page with its path behind this prefix (its store key may be a hash). */
const PATH_TAG_PREFIX = "_N_T_";

export const PARTIAL_PAGE_CACHE_CONTROL = "private, no-store";
const CACHE_TAGS_HEADER = "x-next-cache-tags";
const APP_PAGE = "APP_PAGE";

const isPage = (value) => value?.kind === APP_PAGE;

/** What a hit serves of a stored value, worked out once: dropped with the value on eviction. */
const servedFacts = new WeakMap();

function cacheTags(value) {
  const tags = value.headers?.[CACHE_TAGS_HEADER];
  return typeof tags === "string" ? tags.split(",") : [];
}

/** A stored page is built from the code alone when its store key or its path tag says so. */
function cacheControlFor(key, tags) {
  if (tags.includes(PARTIAL_PAGE_TAG)) return PARTIAL_PAGE_CACHE_CONTROL;
  const isStatic = STATIC_PAGE_KEYS.some(
    (path) => path === key || tags.includes(PATH_TAG_PREFIX + path),
  );
  const sMaxAge = isStatic ? STATIC_PAGE_CDN_SECONDS : DATA_PAGE_CDN_SECONDS;
  return `public, s-maxage=${sMaxAge}, stale-while-revalidate=${PAGE_EXPIRE_SECONDS - sMaxAge}`;
}

/** The Cache-Control of a stored page or of a fresh render. */
export const pageCacheControl = (key, value) => cacheControlFor(key, cacheTags(value));

function served(key, value) {
  let facts = servedFacts.get(value);
  if (!facts) {
    const tags = cacheTags(value);
    facts = {
      partial: tags.includes(PARTIAL_PAGE_TAG),
      cacheControl: cacheControlFor(key, tags),
      html: typeof value.html === "string" ? Buffer.from(value.html, "utf8") : value.html,
    };
    servedFacts.set(value, facts);
  }
  return facts;
}

export default class PageCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    if (!entry || !isPage(entry.value)) return entry;
    const facts = served(key, entry.value);
    if (facts.partial && Date.now() - entry.lastModified >= PARTIAL_PAGE_REUSE_MS) return null;
    // A copy written by `next build` has no header of ours yet; a copy is never edited in place.
    const headers = { ...entry.value.headers, "cache-control": facts.cacheControl };
    return { ...entry, value: { ...entry.value, headers, html: facts.html } };
  }

  async set(key, data, ctx) {
    // Next answers a fresh render with this same object's headers: set here, they reach the
    // answer that triggered the render as well as every later copy.
    if (isPage(data)) {
      data.headers = data.headers ?? {};
      data.headers["cache-control"] = pageCacheControl(key, data);
    }
    return super.set(key, data, ctx);
  }
}
