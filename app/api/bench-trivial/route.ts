/**
 * Benchmark baseline only (`npm run bench`, docs/performance.md): the cheapest possible Next route
 * handler, answering a constant JSON body of `?bytes=N` bytes (1 ≤ N ≤ 1 MiB) so the measured
 * routes can be compared with the framework's floor at the same body size.
 *
 * `&wide=1` ends the padding with one character outside Latin-1 (`—`, 3 UTF-8 bytes; the byte
 * count still comes out at N). V8 then holds the whole body as a two-byte string, as it holds any
 * page with one such character (the methodology's `−`, `Σ`, `≤`), and encoding that to UTF-8 for
 * every response costs several times what an all-ASCII body of the same size costs (measured in
 * docs/performance.md, method notes). The bench asks for the class of the body it compares with.
 *
 * `&encoded=1` hands the body out as UTF-8 bytes encoded once, the way the page store hands out a
 * cached page (page-cache-handler.mjs): the floor a page is compared with then does no more
 * per-response work than the page itself does for the same bytes.
 *
 * Off unless the server runs with `BENCH_TRIVIAL_ROUTE=1` (read at request time): otherwise it is
 * an ordinary 404. It reads no cache, calls no provider and echoes nothing from the request.
 */
import { notFound, publicRoute } from "@/lib/api/response";

export const dynamic = "force-dynamic";

const MAX_BYTES = 1024 * 1024;
const PREFIX = '{"pad":"';
const SUFFIX = '"}';
/** Outside Latin-1: makes V8 store the body as a two-byte string. */
const WIDE_CHAR = "\u2014";
const WIDE_CHAR_BYTES = Buffer.byteLength(WIDE_CHAR);

let last:
  { bytes: number; wide: boolean; body: string; encoded: Uint8Array<ArrayBuffer> } | undefined;

/** `{"pad":"xxx…"}` of exactly `bytes` bytes (at least the empty object's size), and its UTF-8. */
function constantBody(
  bytes: number,
  wide: boolean,
): { body: string; encoded: Uint8Array<ArrayBuffer> } {
  if (last?.bytes === bytes && last.wide === wide) return last;
  const room = bytes - PREFIX.length - SUFFIX.length;
  const tail = wide && room >= WIDE_CHAR_BYTES ? WIDE_CHAR : "";
  const fill = Math.max(0, room - (tail ? WIDE_CHAR_BYTES : 0));
  const body = PREFIX + "x".repeat(fill) + tail + SUFFIX;
  last = { bytes, wide, body, encoded: new TextEncoder().encode(body) };
  return last;
}

/**
 * The same method table as every public route (405s with `Allow`, OPTIONS, HEAD), without the
 * rate limiter: it is the framework's floor the measured routes are compared with.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request) => {
    if (process.env.BENCH_TRIVIAL_ROUTE !== "1") return notFound();
    const params = new URL(request.url).searchParams;
    const raw = params.get("bytes") ?? "1024";
    const bytes = /^\d{1,7}$/.test(raw) ? Math.min(MAX_BYTES, Math.max(1, Number(raw))) : 1024;
    const wide = params.get("wide") === "1";
    const { body, encoded } = constantBody(bytes, wide);
    // no-store: publicRoute adds no ETag (no hashing) and nothing downstream may keep it.
    return new Response(params.get("encoded") === "1" ? encoded : body, {
      status: 200,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  },
  { limit: false },
);
