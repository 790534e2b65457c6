/**
 * How each non-`ok` scenario answers. Static ones return a RouteResponse; `drip` and `oversized`
 * stream; `hang` and `slow` are handled by the server (they only delay).
 */
import type { ServerResponse } from "node:http";
import { sampleText } from "./data/samples";
import { html, json, JSON_TYPE, text } from "./routes/respond";
import type { AnyProvider, RouteResponse, Scenario, ScenarioOptions } from "./types";

/** Timers and streams owned by the server, cleared on close(). */
export interface Lifecycle {
  timers: Set<NodeJS.Timeout>;
  closed: boolean;
}

export const DEFAULT_SLOW_MS = 300;
export const DEFAULT_DRIP_BYTES = 8;
export const DEFAULT_DRIP_INTERVAL_MS = 200;
export const DEFAULT_OVERSIZED_BYTES = 11 * 1024 * 1024;

export function send(res: ServerResponse, r: RouteResponse): void {
  if (res.destroyed) return;
  res.writeHead(r.status, {
    "content-type": r.contentType,
    "content-length": String(Buffer.byteLength(r.body)),
    ...r.headers,
  });
  res.end(r.body);
}

/** Answers of the scenarios that need no streaming; null for the others. */
export function staticScenarioResponse(
  provider: AnyProvider,
  scenario: Scenario,
  opts: ScenarioOptions,
  okBody: () => string,
  redirectTargetUrl: string,
): RouteResponse | null {
  switch (scenario) {
    case "500":
      return html(500, "500 Internal Server Error");
    case "502":
      return html(502, "502 Bad Gateway");
    case "503": {
      const r = html(503, "503 Service Temporarily Unavailable");
      if (opts.retryAfter) r.headers = { "retry-after": opts.retryAfter };
      return r;
    }
    case "429": {
      const headers = { "retry-after": opts.retryAfter ?? "30" };
      if (provider === "coingecko")
        return json(429, sampleText("coingecko-error-429.reconstructed.json"), headers);
      if (provider === "dune") return json(429, { error: "Too many requests" }, headers);
      return text(429, "Too Many Requests", headers);
    }
    case "451":
      // An exchange refusing the server's region for good (Binance to US-hosted servers).
      return json(451, { code: 0, msg: "Service unavailable from a restricted location." });
    case "malformed": {
      const body = okBody();
      return json(200, body.slice(0, Math.max(1, Math.floor(body.length * 0.6))));
    }
    case "wrong-shape":
      return json(200, { unexpected: true });
    case "redirect":
      return {
        status: 302,
        body: "",
        contentType: "text/plain",
        headers: { location: redirectTargetUrl },
      };
    case "never-run":
      return json(404, sampleText("dune-error-404-no-execution.json"));
    case "unauthorized":
      return json(401, sampleText("dune-error-401-invalid-api-key.json"));
    default:
      return null;
  }
}

/** 200 + headers at once, then the body `chunkBytes` at a time every `intervalMs`. */
export function drip(
  res: ServerResponse,
  body: string,
  opts: ScenarioOptions,
  life: Lifecycle,
): void {
  const bytes = Buffer.from(body);
  const size = Math.max(1, opts.chunkBytes ?? DEFAULT_DRIP_BYTES);
  const interval = Math.max(1, opts.intervalMs ?? DEFAULT_DRIP_INTERVAL_MS);
  res.writeHead(200, { "content-type": JSON_TYPE });
  res.flushHeaders();
  let offset = 0;
  const timer = setInterval(() => {
    if (life.closed || res.destroyed) {
      clearInterval(timer);
      life.timers.delete(timer);
      return;
    }
    res.write(bytes.subarray(offset, offset + size));
    offset += size;
    if (offset >= bytes.length) {
      clearInterval(timer);
      life.timers.delete(timer);
      res.end();
    }
  }, interval);
  life.timers.add(timer);
  res.on("close", () => {
    clearInterval(timer);
    life.timers.delete(timer);
  });
}

/**
 * A valid JSON body of at least `sizeBytes`: for an array body, its first element (or a filler
 * object) repeated before the real elements; for an object body, a leading `"_fake_padding"`
 * array of 1 KiB strings before the real fields. Streamed with back-pressure.
 */
export function streamOversized(
  res: ServerResponse,
  okBody: string,
  opts: ScenarioOptions,
  life: Lifecycle,
): void {
  const target = opts.sizeBytes ?? DEFAULT_OVERSIZED_BYTES;
  const trimmed = okBody.trim();
  let head: string;
  let unit: string;
  let tail: string;
  if (trimmed.startsWith("[")) {
    const parsed = JSON.parse(trimmed) as unknown[];
    const inner = trimmed.slice(1, -1).trim();
    head = "[";
    unit = JSON.stringify(parsed[0] ?? { fake_padding: "x".repeat(1000) });
    tail = inner === "" ? "]" : `,${inner}]`;
    // Elements are joined with "," — the first unit has none before it.
  } else {
    const inner = trimmed.slice(1, -1).trim();
    head = '{"_fake_padding":[';
    unit = JSON.stringify("x".repeat(1024));
    tail = inner === "" ? "]}" : `],${inner}}`;
  }
  const unitBytes = Buffer.byteLength(unit) + 1;
  const count = Math.max(1, Math.ceil(target / unitBytes));
  const headers: Record<string, string> = { "content-type": JSON_TYPE };
  if (opts.declareLength) {
    const total = Buffer.byteLength(head) + count * unitBytes - 1 + Buffer.byteLength(tail);
    headers["content-length"] = String(total);
  }
  res.writeHead(200, headers);
  const perChunk = Math.max(1, Math.floor(65_536 / unitBytes));
  let written = 0;
  let first = true;
  const pump = (): void => {
    while (written < count) {
      if (life.closed || res.destroyed) return;
      const n = Math.min(perChunk, count - written);
      let chunk = first ? head : "";
      for (let i = 0; i < n; i++) chunk += (first && i === 0 ? "" : ",") + unit;
      first = false;
      written += n;
      if (!res.write(chunk)) {
        res.once("drain", pump);
        return;
      }
    }
    if (!res.destroyed) res.end(tail);
  };
  pump();
}
