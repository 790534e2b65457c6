import { addressKey, clientKey, UNKNOWN_CLIENT } from "@/lib/api/client-key";
import { FailOpenLimiter, LocalWindow, WINDOW_MS, type Limiter } from "@/lib/budget/client";
import { STORE_REST_MS } from "@/lib/kv/breaker";
import { parseConfig } from "@/lib/config";
import { telemetry } from "@/lib/telemetry";

const headers = (xff?: string) => new Headers(xff === undefined ? {} : { "x-forwarded-for": xff });

describe("client key", () => {
  it("TRUST_PROXY=false: the last X-Forwarded-For hop (what the nearest hop saw)", () => {
    expect(clientKey(headers("203.0.113.7"), false)).toBe("203.0.113.7");
    // An appending proxy: the client's own text first, the address the proxy saw last.
    expect(clientKey(headers("198.51.100.1, 203.0.113.9"), false)).toBe("203.0.113.9");
    expect(clientKey(headers(), false)).toBe(UNKNOWN_CLIENT);
    expect(clientKey(headers("203.0.113.9, not-an-ip"), false)).toBe(UNKNOWN_CLIENT);
  });

  it("TRUST_PROXY=true: the first X-Forwarded-For hop", () => {
    expect(clientKey(headers("203.0.113.7, 10.0.0.1, 10.0.0.2"), true)).toBe("203.0.113.7");
    expect(clientKey(headers(" 198.51.100.1 "), true)).toBe("198.51.100.1");
  });

  it("a missing or malformed first hop is one shared unknown client, never a new identity", () => {
    expect(clientKey(headers(), true)).toBe(UNKNOWN_CLIENT);
    expect(clientKey(headers("not-an-ip, 203.0.113.7"), true)).toBe(UNKNOWN_CLIENT);
    expect(clientKey(headers(""), true)).toBe(UNKNOWN_CLIENT);
    expect(clientKey(headers("999.1.1.1"), true)).toBe(UNKNOWN_CLIENT);
  });

  it("normalises addresses: ports, brackets, IPv4-mapped IPv6, zone ids", () => {
    expect(addressKey("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("keys IPv6 clients by their /64: addresses one subscriber rotates through count together", () => {
    const a = addressKey("2001:db8:1:2:aaaa::1");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe(a);
    expect(addressKey("2001:db8:1:3::1")).not.toBe(a);
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("LocalWindow (the in-process fixed window)", () => {
  const at = (ms: number) => () => ms;
  const start = 100 * WINDOW_MS;

  it("allows the allowance, refuses the next request, and says when it comes back", async () => {
    const w = new LocalWindow(3, at(start + 1_500));
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await w.limit("a", 1));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]).toMatchObject({ limit: 3, resetAtMs: start + WINDOW_MS });
  });

  it("charges each request its cost; other clients keep their own allowance", async () => {
    const w = new LocalWindow(10, at(start));
    expect(await w.limit("a", 1)).toMatchObject({ allowed: true, remaining: 9 });
    expect(await w.limit("a", 9)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await w.limit("a", 1)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await w.limit("b", 1)).toMatchObject({ allowed: true, remaining: 9 });
  });

  it("the allowance is whole again in the next window", async () => {
    let now = start + WINDOW_MS - 1;
    const w = new LocalWindow(1, () => now);
    expect((await w.limit("a", 1)).allowed).toBe(true);
    expect((await w.limit("a", 1)).allowed).toBe(false);
    now = start + WINDOW_MS;
    expect(await w.limit("a", 1)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("tracks at most maxClients keys, dropping the least recently counted", async () => {
    const w = new LocalWindow(1, at(start), 2);
    await w.limit("a", 1);
    await w.limit("b", 1);
    await w.limit("a", 1); // a is now the most recent
    await w.limit("c", 1); // drops b
    expect((await w.limit("a", 1)).allowed).toBe(false);
    expect((await w.limit("b", 1)).allowed).toBe(true);
  });
});

describe("FailOpenLimiter", () => {
  class Failing implements Limiter {
    calls = 0;
    async limit(): Promise<never> {
      this.calls += 1;
      throw new Error("store down");
    }
  }

  beforeEach(() => telemetry.reset());

  it("a store failure is answered by the local window, never refused for it", async () => {
    const shared = new Failing();
    const limiter = new FailOpenLimiter(shared, new LocalWindow(2, () => 0), () => 0);
    expect(await limiter.limit("a", 1)).toMatchObject({ allowed: true, remaining: 1 });
    expect(shared.calls).toBe(1);
    expect(telemetry.cacheCounters()).toMatchObject({
      "rate-limit error": 1,
      "rate-limit bypass": 1,
    });
  });

  it("rests the store after a failure, then asks it again", async () => {
    const shared = new Failing();
    let now = 0;
    const limiter = new FailOpenLimiter(shared, new LocalWindow(100, () => now), () => now);
    await limiter.limit("a", 1);
    now = STORE_REST_MS - 1;
    await limiter.limit("a", 1);
    expect(shared.calls).toBe(1);
    now = STORE_REST_MS;
    await limiter.limit("a", 1);
    expect(shared.calls).toBe(2);
  });

  it("still limits locally while the store is down", async () => {
    const limiter = new FailOpenLimiter(new Failing(), new LocalWindow(1, () => 0), () => 0);
    expect((await limiter.limit("a", 1)).allowed).toBe(true);
    expect((await limiter.limit("a", 1)).allowed).toBe(false);
  });
});

describe("rate-limit configuration", () => {
  it("defaults to 120 weighted requests a minute per client, TRUST_PROXY false", () => {
    expect(parseConfig({}).publicRateLimit).toEqual({ perMinute: 120, trustProxy: false });
  });

  it("0 turns the limiter off; TRUST_PROXY takes true/false/1/0", () => {
    const c = parseConfig({ PUBLIC_RATE_LIMIT_PER_MINUTE: "0", TRUST_PROXY: "true" });
    expect(c.publicRateLimit).toEqual({ perMinute: 0, trustProxy: true });
    expect(parseConfig({ TRUST_PROXY: "1" }).publicRateLimit.trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: "false" }).publicRateLimit.trustProxy).toBe(false);
  });

  it.each([
    ["PUBLIC_RATE_LIMIT_PER_MINUTE", "-1"],
    ["PUBLIC_RATE_LIMIT_PER_MINUTE", "1.5"],
    ["PUBLIC_RATE_LIMIT_PER_MINUTE", "many"],
    ["TRUST_PROXY", "yes please"],
  ])("rejects %s=%s, naming the variable", (variable, value) => {
    expect(() => parseConfig({ [variable]: value })).toThrow(variable);
  });
});
