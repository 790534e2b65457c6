/**
 * Secret hygiene with canary keys. The read keys (harness canaries) may appear only in their own
 * provider's request header as the fake upstream saw it — never in a path or query, never in a
 * header to another provider or to the redirect target, never in a response, a log line, the
 * cache or telemetry. A canary write key (with the other execution-gate variables set too) must
 * appear nowhere at all: the request path never reads it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { telemetry } from "@/lib/telemetry";
import { writeReliabilityReport } from "@/scripts/reliability-report";
import { PROVIDERS, type LoggedRequest, type Provider } from "../../fake-upstream/server";
import { CANARY_CG_KEY, CANARY_DUNE_KEY, startHarness, type Harness } from "../helpers/harness";
import { CANARY_WRITE_KEY } from "./canaries";
import { HEALTH, ROUTES, timed, writeResults } from "./helpers";

const ALLOWED_HEADER: Record<string, { provider: Provider; header: string }> = {
  [CANARY_DUNE_KEY]: { provider: "dune", header: "x-dune-api-key" },
  [CANARY_CG_KEY]: { provider: "coingecko", header: "x-cg-demo-api-key" },
};

function filesUnder(dir: string): string[] {
  let out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    out = statSync(p).isDirectory() ? [...out, ...filesUnder(p)] : [...out, p];
  }
  return out;
}

describe("secret hygiene (canary keys)", () => {
  let h: Harness;
  const logged: string[] = [];
  const responses: string[] = [];
  /** Every upstream request of every round (the harness clears the fake's log on reset). */
  const upstream: LoggedRequest[] = [];
  const checks: { check: string; pass: boolean }[] = [];
  const spies: jest.SpyInstance[] = [];

  beforeAll(async () => {
    h = await startHarness("file", {
      DUNE_WRITE_API_KEY: CANARY_WRITE_KEY,
      DUNE_ALLOW_EXECUTION: "true",
      DUNE_EXECUTION_ACK: "I_UNDERSTAND_THIS_COSTS_CREDITS",
    });
    await h.reset();
    for (const m of ["log", "info", "warn", "error", "debug"] as const) {
      spies.push(
        jest.spyOn(console, m).mockImplementation((...args: unknown[]) => {
          logged.push(
            args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" "),
          );
        }),
      );
    }
    // Traffic: every route healthy, under each provider fault, and with every method.
    const faults: [Provider, Parameters<Harness["fake"]["setScenario"]>[1]][] = [
      ["dune", "unauthorized"],
      ["dune", "redirect"],
      ["coingecko", "redirect"],
      ["coingecko", "429"],
      ["dexscreener", "500"],
      ["defillama", "malformed"],
    ];
    const save = async (r: Awaited<ReturnType<typeof timed>>) =>
      responses.push(`${r.status} ${JSON.stringify([...r.res.headers])} ${r.text}`);
    for (const fault of [null, ...faults]) {
      await h.reset();
      if (fault) h.fake.setScenario(fault[0], fault[1]);
      for (const r of ROUTES) {
        await save(await timed(r.handler, r.url));
        for (const m of ["HEAD", "POST", "DELETE"] as const)
          await save(await timed(r.module[m], r.url, { method: m }));
      }
      await save(await timed(HEALTH, "/api/health"));
      upstream.push(...h.fake.requests());
    }
    responses.push(
      JSON.stringify(telemetry.providerCalls()),
      JSON.stringify(telemetry.cacheCounters()),
    );
  });

  afterAll(async () => {
    for (const s of spies) s.mockRestore();
    writeResults("secrets", {
      generatedAt: new Date().toISOString(),
      requestsSeen: upstream.length,
      responsesScanned: responses.length,
      logLinesScanned: logged.length,
      checks,
    });
    await writeReliabilityReport();
    await h.close();
  });

  const check = (name: string, fn: () => void) =>
    it(name, () => {
      checks.push({ check: name, pass: false });
      fn();
      checks[checks.length - 1]!.pass = true;
    });

  const everyCanary = [CANARY_DUNE_KEY, CANARY_CG_KEY, CANARY_WRITE_KEY];

  check("the suite really sent the Dune and CoinGecko read keys (in their headers)", () => {
    const dune = upstream.filter((r) => r.provider === "dune");
    const cg = upstream.filter((r) => r.provider === "coingecko");
    expect(dune.length).toBeGreaterThan(0);
    expect(cg.length).toBeGreaterThan(0);
    for (const r of dune) expect(r.headers["x-dune-api-key"]).toBe(CANARY_DUNE_KEY);
    for (const r of cg) expect(r.headers["x-cg-demo-api-key"]).toBe(CANARY_CG_KEY);
  });

  check("no canary in any upstream path or query", () => {
    for (const r of upstream)
      for (const c of everyCanary) expect(decodeURIComponent(r.path)).not.toContain(c);
  });

  check("read keys only in their own provider's key header; the write key in none", () => {
    for (const r of upstream) {
      for (const [name, v] of Object.entries(r.headers)) {
        expect(v).not.toContain(CANARY_WRITE_KEY);
        for (const [key, allowed] of Object.entries(ALLOWED_HEADER)) {
          if (!v.includes(key)) continue;
          expect(`${r.provider} ${name}`).toBe(`${allowed.provider} ${allowed.header}`);
        }
      }
    }
  });

  check("nothing reached the redirect target (so no key left for another origin)", () => {
    expect(h.fake.redirectTargetHits()).toEqual([]);
  });

  check("no request executes, refreshes or cancels a query (only GET results reads)", () => {
    const offending = upstream.filter(
      (r) => r.method !== "GET" || /execute|execution|cancel|refresh/i.test(r.path),
    );
    expect(offending).toEqual([]);
    expect(PROVIDERS).toContain("dune");
  });

  check("no canary in any response (status, headers, body) or telemetry", () => {
    expect(responses.length).toBeGreaterThan(0);
    for (const text of responses) for (const c of everyCanary) expect(text).not.toContain(c);
  });

  check("no canary in any log line", () => {
    for (const line of logged) for (const c of everyCanary) expect(line).not.toContain(c);
  });

  check("no canary in the cache (every KV file)", () => {
    const dir = process.env.KV_DIR!;
    const files = filesUnder(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = readFileSync(f, "utf8");
      for (const c of everyCanary) expect(text).not.toContain(c);
    }
  });
});
