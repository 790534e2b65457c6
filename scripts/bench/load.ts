/**
 * Load generators: autocannon for throughput/latency, a concurrent burst, and a bounded-concurrency
 * request loop. Every loop is bounded in count and every request in time.
 */
import autocannon from "autocannon";
import { fmt } from "./report";

export interface CannonResult {
  /** Mean requests per second over the run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Slowest request of the run. */
  maxMs: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Answers per HTTP status. */
  statuses: Record<number, number>;
  /** Answers that took longer than `slowMs` (0 when it was not asked). */
  slow: number;
}

export async function cannon(
  url: string,
  durationSeconds: number,
  connections = 16,
  opts: { slowMs?: number } = {},
): Promise<CannonResult> {
  const run = autocannon({ url, connections, duration: durationSeconds, timeout: 10 });
  let slow = 0;
  const { slowMs } = opts;
  if (slowMs !== undefined)
    run.on("response", (_client, _status, _bytes, ms) => {
      if (ms > slowMs) slow++;
    });
  const r = await run;
  const statuses: Record<number, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats)) statuses[Number(code)] = count;
  return {
    statuses,
    slow,
    rps: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export interface Timed {
  status: number;
  ms: number;
  body: string;
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * GET with a time limit. A pooled keep-alive connection the server closed just as it was reused
 * fails with a network TypeError before anything was processed: such a GET is retried once.
 */
export async function get(
  url: string,
  headers: Record<string, string> = {},
  redirect: RequestRedirect = "follow",
): Promise<Response> {
  const once = () =>
    fetch(url, { headers, redirect, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  try {
    return await once();
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    return once();
  }
}

export async function timedGet(url: string, headers: Record<string, string> = {}): Promise<Timed> {
  const t0 = performance.now();
  const res = await get(url, headers);
  const body = await res.text();
  return { status: res.status, ms: performance.now() - t0, body };
}

/** All at once (no concurrency bound): the coalescing burst. */
export function burst(urls: readonly string[]): Promise<Timed[]> {
  return Promise.all(urls.map((u) => timedGet(u)));
}

/** `count` calls of `fn(i)` with at most `concurrency` in flight. */
export async function bounded<T>(
  count: number,
  concurrency: number,
  fn: (i: number) => Promise<T>,
): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return out;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The trivial route (`/api/bench-trivial`) set to answer a body like a measured one. */
export interface Trivial {
  path: string;
  bytes: number;
  /** Row label: `trivial Next route, N B` (`, two-byte` when the padding is). */
  label: string;
}

/**
 * The trivial route for a body like `body`: the same UTF-8 size and, when `body` has a character
 * outside Latin-1, a padding with one too (`&wide=1`), so both are held as two-byte strings and
 * pay the same UTF-8 encoding per response. `encoded`: the body is handed out as bytes encoded
 * once, for what is itself handed out that way (a cached page).
 */
export function trivialFor(body: string, opts: { encoded?: boolean } = {}): Trivial {
  const bytes = Buffer.byteLength(body);
  const wide = /[\u0100-\uffff]/.test(body);
  const encoded = opts.encoded === true;
  return {
    path: `/api/bench-trivial?bytes=${bytes}${wide ? "&wide=1" : ""}${encoded ? "&encoded=1" : ""}`,
    bytes,
    label: `trivial Next route, ${fmt.int(bytes)} B${wide ? ", two-byte" : ""}${encoded ? ", encoded once" : ""}`,
  };
}
