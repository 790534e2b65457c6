/**
 * System (production build, `next start` serving the client directly): what the rate limiter
 * keys on (docs/rate-limits.md). Next fills `X-Forwarded-For` with the peer address only when
 * the client sent none, and passes a client's own value through untouched: so with
 * `TRUST_PROXY=true` and nothing in front, a request without the header counts against its
 * address, while any value a client writes is a fresh identity (why TRUST_PROXY=true needs a
 * proxy that overwrites the header); with `TRUST_PROXY=false` the last hop counts: the peer
 * address Next fills in, or the last value a client wrote.
 * Counts only. `RATE_LIMIT_SYSTEM_PORTS=a,b` pins the two servers' ports.
 */
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { requireBuild, startNextApp, type NextApp } from "@/scripts/bench/servers";

jest.setTimeout(120_000);

const LIMIT = 3;
const PATH = "/api/openapi.json";
const WINDOW_MS = 60_000;
/** Every sequence below fits in this much of a window; closer to its end, wait for the next. */
const SEQUENCE_ROOM_MS = 10_000;
const [trustedPort, untrustedPort] = (process.env.RATE_LIMIT_SYSTEM_PORTS ?? "")
  .split(",")
  .map((p) => (p ? Number(p) : undefined));

let fake: FakeUpstream;
let trusted: NextApp;
let untrusted: NextApp;

beforeAll(async () => {
  requireBuild();
  fake = await startFakeUpstream({ port: 0 });
  const env = { PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
  trusted = await startNextApp({ fake, env: { ...env, TRUST_PROXY: "true" }, port: trustedPort });
  untrusted = await startNextApp({
    fake,
    env: { ...env, TRUST_PROXY: "false" },
    port: untrustedPort,
  });
});

afterAll(async () => {
  await trusted?.stop();
  await untrusted?.stop();
  await fake?.close();
});

/** Starts a sequence early enough in a window that its counts cannot be reset halfway. */
async function freshWindow(): Promise<void> {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < SEQUENCE_ROOM_MS) await new Promise((resolve) => setTimeout(resolve, left));
}

const hit = (app: NextApp, xff?: string) =>
  fetch(app.url + PATH, { headers: xff ? { "x-forwarded-for": xff } : {} }).then(async (r) => {
    await r.arrayBuffer();
    return { status: r.status, remaining: r.headers.get("ratelimit-remaining") };
  });

test("TRUST_PROXY=true, nothing in front: no header → keyed on the peer address Next fills in", async () => {
  await freshWindow();
  const own = [];
  for (let i = 0; i <= LIMIT; i++) own.push((await hit(trusted)).status);
  expect(own).toEqual([200, 200, 200, 429]);
  // The same address written by hand is the same client: Next had filled in exactly that.
  expect((await hit(trusted, "127.0.0.1")).status).toBe(429);
  // Any other value a client writes passes through untouched: a new identity (spoofable).
  expect(await hit(trusted, "203.0.113.50")).toEqual({ status: 200, remaining: String(LIMIT - 1) });
});

test("TRUST_PROXY=false: keyed on the last hop (the peer address Next fills in)", async () => {
  await freshWindow();
  const own = [];
  for (let i = 0; i <= LIMIT; i++) own.push((await hit(untrusted)).status);
  expect(own).toEqual([200, 200, 200, 429]);
  // The same address as the last hop of a longer header is the same client.
  expect((await hit(untrusted, "198.51.100.1, 127.0.0.1")).status).toBe(429);
  // Another last hop: another allowance (a fairness key; the provider budgets are the bound).
  expect((await hit(untrusted, "198.51.100.2")).status).toBe(200);
});

test("a path under /api no route serves (the fallback rewrite) is counted and says so", async () => {
  await freshWindow();
  const client = { "x-forwarded-for": "203.0.113.77" };
  const seen = [];
  for (const method of ["GET", "HEAD"]) {
    const r = await fetch(`${trusted.url}/api/no-such-route`, { method, headers: client });
    await r.arrayBuffer();
    seen.push([
      method,
      r.status,
      r.headers.get("ratelimit-limit"),
      r.headers.get("ratelimit-remaining"),
    ]);
  }
  expect(seen).toEqual([
    ["GET", 404, String(LIMIT), String(LIMIT - 1)],
    ["HEAD", 404, String(LIMIT), String(LIMIT - 2)],
  ]);
});
