/**
 * `npm run prime` (default, read-only mode) as a child process against a local fake Dune: it
 * reads the latest stored results into the shared snapshot entries (same key as the routes),
 * bypasses freshness, keeps the previous snapshot when a re-read fails, and only ever sends
 * `GET /query/{id}/results` with the read key in a header. Nothing is executed.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createKv } from "@/lib/kv";
import { snapshotKey } from "@/lib/snapshot/snapshots";
import { sendJson, startFakeServer, type FakeServer } from "../../unit/providers/helpers";

const ROOT = path.join(__dirname, "../../..");
const READ_KEY = "dune-read-key-prime-it-8c8c8c";
const SUPPLY_ID = "1001";
const CEX_ID = "1002";

jest.setTimeout(120_000);

/** An explicit child environment: nothing inherited (no JEST_WORKER_ID, no NODE_ENV). */
type ChildEnv = Record<string, string | undefined>;

let server: FakeServer;
let kvDir: string;
let supplyUp = true;

function resultsPage(executionId: string) {
  return {
    execution_id: executionId,
    query_id: Number(SUPPLY_ID),
    state: "QUERY_STATE_COMPLETED",
    execution_ended_at: "2024-03-11 00:00:00.000 UTC",
    result: {
      rows: [
        { token_symbol: "USDC", blockchain: "ethereum", supply: "25000000000.5" },
        { token_symbol: "USDC", blockchain: "base", supply: 4000000000 },
      ],
      metadata: { column_names: ["token_symbol", "blockchain", "supply"], total_row_count: 2 },
    },
  };
}

beforeAll(async () => {
  kvDir = mkdtempSync(path.join(os.tmpdir(), "prime-read-"));
  server = await startFakeServer((_req, res, request) => {
    if (request.pathname === `/query/${SUPPLY_ID}/results` && supplyUp) {
      sendJson(res, resultsPage("01PRIMEIT"));
    } else if (request.pathname === `/query/${CEX_ID}/results`) {
      sendJson(res, { error: "No execution found for the latest version of the query" }, 404);
    } else {
      sendJson(res, { error: "down" }, 500);
    }
  });
});

afterAll(async () => {
  await server.close();
  rmSync(kvDir, { recursive: true, force: true });
});

function runPrime(): Promise<{ code: number | null; output: string }> {
  const env: ChildEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? os.tmpdir(),
    NEXT_TELEMETRY_DISABLED: "1",
    DUNE_API_URL: server.baseUrl,
    STABLECOINS_API_URL: server.baseUrl,
    COINGECKO_API_URL: server.baseUrl,
    DEXSCREENER_API_URL: server.baseUrl,
    DUNE_API_KEY: READ_KEY,
    DUNE_QUERY_SUPPLY_BY_CHAIN: SUPPLY_ID,
    DUNE_QUERY_CEX_FLOWS: CEX_ID,
    KV_DIR: kvDir,
  };
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["tsx", "scripts/prime-snapshots.ts"],
      { cwd: ROOT, env: env as NodeJS.ProcessEnv, timeout: 60_000, encoding: "utf8" },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

const supplyReads = () =>
  server.requests.filter((r) => r.pathname === `/query/${SUPPLY_ID}/results`).length;

async function cachedEntry(): Promise<
  { value: { rows: unknown[]; executionEndedAt: string } } | undefined
> {
  const kv = createKv({ driver: "file", dir: kvDir });
  try {
    return await kv.get(snapshotKey(SUPPLY_ID));
  } finally {
    await kv.close();
  }
}

describe("npm run prime (read-only)", () => {
  it("primes each configured query and prints rows / execution_ended_at or the warning", async () => {
    const run = await runPrime();
    expect(run.output).toMatch(
      new RegExp(
        `supplyByChain {2}id=${SUPPLY_ID} {2}rows=2 {2}execution_ended_at=2024-03-11T00:00:00.000Z`,
      ),
    );
    expect(run.output).toMatch(
      new RegExp(
        `cexFlows {2}id=${CEX_ID} {2}Dune \\(on-chain-scheduled\\): the scheduled result is missing`,
      ),
    );
    expect(run.output).toMatch(
      /protocolFlows {2}not configured \(DUNE_QUERY_PROTOCOL_FLOWS is unset\)/,
    );
    expect(run.code).toBe(1); // cexFlows is configured but has no result yet
    expect(run.output).not.toContain(READ_KEY);
    const entry = await cachedEntry();
    expect(entry?.value.rows).toHaveLength(2);
    expect(entry?.value.executionEndedAt).toBe("2024-03-11T00:00:00.000Z");
  });

  it("bypasses freshness: a second run re-reads the provider despite a fresh entry", async () => {
    const before = supplyReads();
    const run = await runPrime();
    expect(supplyReads()).toBe(before + 1);
    expect(run.output).toMatch(/supplyByChain {2}id=1001 {2}rows=2 .*\(breakdown, upstream\)/);
  });

  it("keeps the previous snapshot when the re-read fails", async () => {
    supplyUp = false;
    const run = await runPrime();
    expect(run.code).toBe(1);
    expect(run.output).toMatch(
      /supplyByChain {2}kept the previous snapshot for its remaining \d+ s/,
    );
    expect((await cachedEntry())?.value.rows).toHaveLength(2);
  });

  it("only ever sent GET /query/{id}/results with the read key in the header", () => {
    expect(server.requests.length).toBeGreaterThan(0);
    for (const request of server.requests) {
      expect(request.method).toBe("GET");
      expect(request.pathname).toMatch(/^\/query\/\d+\/results$/);
      expect(request.headers["x-dune-api-key"]).toBe(READ_KEY);
      expect(request.url).not.toContain(READ_KEY);
    }
  });
});
