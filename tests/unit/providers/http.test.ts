import { z } from "zod";
import { ProviderError } from "@/lib/providers/errors";
import { parseRetryAfter, providerGet } from "@/lib/providers/http";
import { ProviderInputError } from "@/lib/providers/segments";
import { telemetry } from "@/lib/telemetry";
import {
  closedPort,
  rejectionOf,
  sendJson,
  startFakeServer,
  withEnv,
  type FakeServer,
} from "./helpers";

const schema = z.object({ ok: z.boolean() });
const ENDPOINT = "/things/{id}";
const SHORT_TIMEOUT_MS = 150;
const DRIP_INTERVAL_MS = 20;
const SMALL_CAP_BYTES = 1024;

let server: FakeServer;
let restoreEnv: () => void;

beforeEach(async () => {
  server = await startFakeServer();
  restoreEnv = withEnv({});
  telemetry.reset();
});

afterEach(async () => {
  await server.close();
  restoreEnv();
});

function get(overrides: Partial<Parameters<typeof providerGet>[0]> = {}) {
  return providerGet({
    provider: "coingecko",
    endpoint: ENDPOINT,
    baseUrl: server.baseUrl,
    path: "/things/abc",
    query: { secret_query: "q-value" },
    schema,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(ProviderError);
  const providerError = error as ProviderError;
  // Never the URL, host, port, query string or path: only provider + template + reason.
  expect(providerError.message.startsWith(`coingecko ${ENDPOINT}: `)).toBe(true);
  for (const leak of [
    "127.0.0.1",
    String(server.port),
    "q-value",
    "secret_query",
    "/things/abc",
    "http://",
  ]) {
    expect(providerError.message).not.toContain(leak);
  }
  return providerError;
}

function lastTelemetry() {
  return telemetry.lastOutcome("coingecko");
}

describe("providerGet", () => {
  it("GETs the path with the query, parses through the schema and records ok", async () => {
    server.setHandler((_req, res) => sendJson(res, { ok: true, extra: 1 }));
    await expect(get()).resolves.toEqual({ ok: true });
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.url).toBe("/things/abc?secret_query=q-value");
    expect(request?.headers.accept).toBe("application/json");
    expect(lastTelemetry()).toMatchObject({ endpoint: ENDPOINT, outcome: "ok", status: 200 });
  });

  it("maps HTTP 500 to kind http with the status", async () => {
    server.setHandler((_req, res) => sendJson(res, { error: "An internal error occurred" }, 500));
    const error = await failure(get());
    expect(error).toMatchObject({ kind: "http", status: 500, retryAfterSeconds: undefined });
    expect(lastTelemetry()).toMatchObject({ outcome: "http", status: 500 });
  });

  it("maps 429 with Retry-After to kind http with retryAfterSeconds", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, { status: { error_code: 429 } }, 429, { "retry-after": "30" }),
    );
    const error = await failure(get());
    expect(error).toMatchObject({ kind: "http", status: 429, retryAfterSeconds: 30 });
  });

  it("parses Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("12", now)).toBe(12);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:01:00 GMT", now)).toBe(60);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("maps malformed JSON to kind schema", async () => {
    server.setHandler((_req, res) => sendJson(res, '{"ok": tru'));
    expect(await failure(get())).toMatchObject({ kind: "schema", status: 200 });
    expect(lastTelemetry()).toMatchObject({ outcome: "schema" });
  });

  it("maps a wrong shape to kind schema naming the field, not the value", async () => {
    server.setHandler((_req, res) => sendJson(res, { ok: "sk-should-not-leak" }));
    const error = await failure(get());
    expect(error.kind).toBe("schema");
    expect(error.message).toContain("ok");
    expect(error.message).not.toContain("sk-should-not-leak");
  });

  it("refuses a body whose content-length exceeds the cap (too_large)", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, { ok: true, pad: "x".repeat(SMALL_CAP_BYTES * 2) }),
    );
    const error = await failure(get({ maxBodyBytes: SMALL_CAP_BYTES }));
    expect(error.kind).toBe("too_large");
    expect(lastTelemetry()).toMatchObject({ outcome: "too_large" });
  });

  it("counts streamed bytes when there is no content-length (too_large)", async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = "x".repeat(256);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on("close", () => clearInterval(timer));
    });
    const error = await failure(get({ maxBodyBytes: SMALL_CAP_BYTES, timeoutMs: 2_000 }));
    expect(error.kind).toBe("too_large");
  });

  it("times out when the server never answers", async () => {
    server.setHandler(() => undefined);
    const error = await failure(get({ timeoutMs: 100 }));
    expect(error.kind).toBe("timeout");
    expect(lastTelemetry()).toMatchObject({ outcome: "timeout" });
  });

  it("times out when the body drips in slower than the budget", async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"ok":');
      const timer = setInterval(() => res.write(" "), DRIP_INTERVAL_MS);
      res.on("close", () => clearInterval(timer));
    });
    // Bytes keep arriving, so only the whole-call budget can end it as `timeout`.
    const error = await failure(get({ timeoutMs: SHORT_TIMEOUT_MS }));
    expect(error.kind).toBe("timeout");
  });

  it("refuses redirects (network) and the target never sees the request or the key", async () => {
    const target = await startFakeServer((_req, res) => sendJson(res, { ok: true }));
    try {
      server.setHandler((_req, res) => {
        res.writeHead(302, { location: `${target.baseUrl}/elsewhere` });
        res.end();
      });
      const error = await failure(get({ headers: { "x-cg-demo-api-key": "CG-secret-key-123" } }));
      expect(error.kind).toBe("network");
      expect(error.message).toContain("redirect refused");
      expect(error.message).not.toContain("CG-secret-key-123");
      expect(target.requests).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it("maps connection refused to kind network", async () => {
    const port = await closedPort();
    const error = await rejectionOf(get({ baseUrl: `http://127.0.0.1:${port}` }));
    expect(error).toMatchObject({ kind: "network" });
    expect((error as Error).message).toContain("ECONNREFUSED");
    expect((error as Error).message).not.toContain(String(port));
    expect(lastTelemetry()).toMatchObject({ outcome: "network" });
  });

  it("honours an external abort signal", async () => {
    server.setHandler(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(get({ signal: controller.signal, timeoutMs: 5_000 }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("aborted");
  });

  it("does not call at all with an already aborted signal", async () => {
    const controller = new AbortController();
    controller.abort();
    await failure(get({ signal: controller.signal }));
    expect(server.requests).toHaveLength(0);
  });

  it("refuses unsafe paths before any request", async () => {
    for (const path of [
      "/things/../admin",
      "/things/a?x=1",
      "things",
      "/things//a",
      "/things/%2e%2e/a",
    ]) {
      await expect(get({ path })).rejects.toBeInstanceOf(ProviderInputError);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("uses the configured default time budget", async () => {
    const restore = withEnv({ PROVIDER_TIMEOUT_MS: "100" });
    try {
      server.setHandler(() => undefined);
      expect((await failure(get())).kind).toBe("timeout");
    } finally {
      restore();
    }
  });
});
