/**
 * Test-only fake upstream: a `node:http` server on 127.0.0.1, random port, that records every
 * request (method, path + query, headers) and answers through a per-test handler.
 */
import { readFileSync } from "node:fs";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { resetConfigForTests } from "@/lib/config";

export const SAMPLES_DIR = path.join(__dirname, "../../fake-upstream/fixtures/samples");

export function sampleText(name: string): string {
  return readFileSync(path.join(SAMPLES_DIR, name), "utf8");
}

export function sampleJson(name: string): unknown {
  return JSON.parse(sampleText(name));
}

export interface RecordedRequest {
  method: string;
  /** Path plus query string, as received. */
  url: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, request: RecordedRequest) => void;

export interface FakeServer {
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}

export async function startFakeServer(
  handler: Handler = (_req, res) => sendJson(res, {}),
): Promise<FakeServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const parsed = new URL(req.url ?? "/", "http://127.0.0.1");
    const request: RecordedRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      pathname: parsed.pathname,
      query: parsed.searchParams,
      headers: req.headers,
    };
    requests.push(request);
    current(req, res, request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    setHandler: (h) => {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bind, read the port, close. */
export async function closedPort(): Promise<number> {
  const server = await startFakeServer();
  await server.close();
  return server.port;
}

const PROVIDER_URL_VARIABLES = [
  "STABLECOINS_API_URL",
  "COINGECKO_API_URL",
  "DEXSCREENER_API_URL",
  "DUNE_API_URL",
  "DEFILLAMA_COINS_API_URL",
  "BINANCE_API_URL",
  "KRAKEN_API_URL",
  "COINBASE_API_URL",
  "DEX_QUOTES_API_URL",
];

/** Sets env variables (undefined = delete) and re-reads config; returns a restore function. */
export function withEnv(values: Record<string, string | undefined>): () => void {
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfigForTests();
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigForTests();
  };
}

/** Points every provider at `baseUrl`. */
export function pointProvidersAt(
  baseUrl: string,
  extra: Record<string, string | undefined> = {},
): () => void {
  return withEnv({
    ...Object.fromEntries(PROVIDER_URL_VARIABLES.map((k) => [k, baseUrl])),
    ...extra,
  });
}

/** Awaits a rejection and returns the error (fails the test if the promise resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}
