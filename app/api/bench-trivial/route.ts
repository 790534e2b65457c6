/**
 * Benchmark baseline only (`npm run bench`, docs/performance.md): the cheapest possible Next route
 * handler, answering a constant JSON body of `?bytes=N` bytes (1 ≤ N ≤ 1 MiB) so the measured
 * routes can be compared with the framework's floor at the same body size.
 *
 * Off unless the server runs with `BENCH_TRIVIAL_ROUTE=1` (read at request time): otherwise it is
 * an ordinary 404. It reads no cache, calls no provider and echoes nothing from the request.
 */
import { jsonError, publicRoute } from "@/lib/api/response";

export const dynamic = "force-dynamic";

const MAX_BYTES = 1024 * 1024;
const PREFIX = '{"pad":"';
const SUFFIX = '"}';

let last: { bytes: number; body: string } | undefined;

/** `{"pad":"xxx…"}` of exactly `bytes` bytes (at least the empty object's size). */
function constantBody(bytes: number): string {
  if (last?.bytes === bytes) return last.body;
  const fill = Math.max(0, bytes - PREFIX.length - SUFFIX.length);
  const body = PREFIX + "x".repeat(fill) + SUFFIX;
  last = { bytes, body };
  return body;
}

/** The same method table as every public route (405s with `Allow`, OPTIONS, HEAD). */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async (request) => {
  if (process.env.BENCH_TRIVIAL_ROUTE !== "1")
    return jsonError(404, "not_found", "No route matches this path.");
  const raw = new URL(request.url).searchParams.get("bytes") ?? "1024";
  const bytes = /^\d{1,7}$/.test(raw) ? Math.min(MAX_BYTES, Math.max(1, Number(raw))) : 1024;
  // no-store: publicRoute adds no ETag (no hashing) and nothing downstream may keep it.
  return new Response(constantBody(bytes), {
    status: 200,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
});
