import {
  PAGE_EXPIRE_SECONDS,
  PAGE_REVALIDATE_SECONDS,
  PARTIAL_PAGE_CACHE_CONTROL,
  PARTIAL_PAGE_REUSE_MS,
} from "@/lib/page-cache";
import { millis, seconds } from "./fmtConst";
import { MethodSection, MiniTable, Name } from "./MethodSection";

/** How pages are cached and which browser security policy keeps them cacheable. */
export function PageCachingSection() {
  return (
    <MethodSection id="page-caching">
      <MiniTable
        caption="Page regeneration"
        head={["Page", "Regenerated after", "CDN s-maxage", "Why"]}
        rows={Object.entries(PAGE_REVALIDATE_SECONDS).map(([page, p]) => [
          <Name key={page}>{page}</Name>,
          seconds(p.seconds),
          seconds(p.cdnSeconds),
          p.why,
        ])}
      />
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Pages are rendered once and regenerated in the background (incremental static
          regeneration): they answer{" "}
          <Name>Cache-Control: public, s-maxage=…, stale-while-revalidate=…</Name> so a CDN may keep
          them, for up to {seconds(PAGE_EXPIRE_SECONDS)} in all while a new copy renders. Pages
          carry no ETag: hashing the whole page on every request cost about 40% of serving a cached
          page; a CDN keeps them instead. The JSON routes keep their ETags.
        </li>
        <li>
          A page rendered from partial data (a source unavailable or stale, including a copy made
          while the site was being built) is never kept as the page: it answers{" "}
          <Name>Cache-Control: {PARTIAL_PAGE_CACHE_CONTROL}</Name>, this server reuses it for{" "}
          {millis(PARTIAL_PAGE_REUSE_MS)} at most, and the next visit renders the page again, so the
          first visitor once the data is back sees it.
        </li>
        <li>
          A query string never changes the server&apos;s copy: filters, sorting and the flows
          page&apos;s <Name>?q=</Name> and <Name>?window=</Name> run in the browser. Each stablecoin
          has one page address, <Name>/stablecoins/&#123;selector&#125;</Name>: any other spelling
          of it (another case, its CoinGecko or DefiLlama id) is redirected there (308), and every
          unknown one gets the same not-found page (404, <Name>noindex</Name>), so what visitors
          type cannot grow the server&apos;s page cache.
        </li>
        <li>
          One static Content-Security-Policy for every page (no per-request nonce, which would force
          a render per view): script files only from this site, the framework&apos;s own pinned by
          subresource-integrity hashes; inline scripts allowed for the framework&apos;s streamed
          page data; inline event handlers (<Name>script-src-attr &apos;none&apos;</Name>), plugins,
          framing and <Name>eval</Name> refused. Text from providers is always escaped, and a
          provider link is shown only when it is <Name>https</Name> on that provider&apos;s own
          site.
        </li>
      </ul>
    </MethodSection>
  );
}
