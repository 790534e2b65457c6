/**
 * Methods no route handler can export get the routes' 405 JSON from the guard: on /api any of
 * them (Next answered an empty 400), anywhere TRACE (Next could not build its Request and answered
 * a plain-text 500). Everything else reaches the server's own handler. HSTS on that answer and in
 * next.config.mjs is one value.
 */
import http from "node:http";
import {
  forwardedHttps,
  HSTS_VALUE,
  installMethodGuard,
  refusedMethod,
} from "@/lib/api/method-guard";
import type { NextConfig } from "next";
// @ts-expect-error -- plain JS without declarations (allowJs is off); typed just below
import loadedConfig from "@/next.config.mjs";

const nextConfig: NextConfig = loadedConfig;

function send(port: number, method: string, headers: Record<string, string> = {}, path = "/api/x") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ port, method, path, headers }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("method guard", () => {
  let server: http.Server;
  let port: number;
  let uninstall: () => void;
  beforeAll(async () => {
    uninstall = await installMethodGuard();
    server = http.createServer((_req, res) => res.end("handled"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("not listening");
    port = address.port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    uninstall();
  });

  it.each(["TRACE", "PROPFIND", "MKCOL"])(
    "answers %s on /api with the 405 JSON, Allow and the flag; HSTS only over https",
    async (method) => {
      const plain = await send(port, method);
      expect(plain.status).toBe(405);
      expect(plain.headers.allow).toBe("GET, HEAD, OPTIONS");
      expect(plain.headers["content-type"]).toMatch(/^application\/json/);
      expect(plain.headers["cache-control"]).toBe("no-store");
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      expect(JSON.parse(plain.body)).toEqual({
        error: { code: "method_not_allowed", message: expect.any(String) },
        holderAnalyticsSupported: false,
      });
      const secure = await send(port, method, { "x-forwarded-proto": "https" });
      expect(secure.headers["strict-transport-security"]).toBe(HSTS_VALUE);
    },
  );

  it("lets route methods through, and other methods outside /api (pages answer them)", async () => {
    for (const method of ["GET", "POST", "OPTIONS", "DELETE"])
      expect([method, (await send(port, method)).body]).toEqual([method, "handled"]);
    expect((await send(port, "PROPFIND", {}, "/methodology")).body).toBe("handled");
    expect((await send(port, "TRACE", {}, "/methodology")).status).toBe(405);
  });

  it("decides on the path of any request-target form", () => {
    expect(refusedMethod("PROPFIND", "/api")).toBe(true);
    expect(refusedMethod("PROPFIND", "/api?x=1")).toBe(true);
    expect(refusedMethod("PROPFIND", "http://h.example/api/x")).toBe(true);
    expect(refusedMethod("PROPFIND", "/depegs.atom?q=usdc")).toBe(true);
    expect(refusedMethod("PROPFIND", "/events.atom?type=depeg")).toBe(true);
    expect(refusedMethod("PROPFIND", "/events.json")).toBe(true);
    expect(refusedMethod("PROPFIND", "/depegs")).toBe(false);
    expect(refusedMethod("PROPFIND", "/apix")).toBe(false);
    expect(refusedMethod("PROPFIND", "/stablecoins/api")).toBe(false);
    expect(refusedMethod("GET", "/api/x")).toBe(false);
    expect(refusedMethod("TRACK", "/")).toBe(true);
  });

  it("installs once", async () => {
    const again = await installMethodGuard();
    again();
    expect((await send(port, "TRACE")).status).toBe(405);
  });
});

describe("HSTS in next.config.mjs", () => {
  it("is the guard's value, on every path, when the first forwarded hop is https", async () => {
    const rules = await nextConfig.headers!();
    const hsts = rules.filter((r) => r.headers.some((h) => h.key === "Strict-Transport-Security"));
    expect(hsts).toHaveLength(1);
    const [rule] = hsts;
    expect(rule!.source).toBe("/:path*");
    expect(rule!.headers).toEqual([{ key: "Strict-Transport-Security", value: HSTS_VALUE }]);
    const condition = rule!.has?.[0];
    expect(condition).toMatchObject({ type: "header", key: "x-forwarded-proto" });
    const pattern = condition && "value" in condition ? condition.value : undefined;
    expect(pattern).toEqual(expect.any(String));
    const matches = (v: string) => new RegExp(`^${pattern}$`).test(v);
    for (const v of ["https", "HTTPS", "https, http", "https,http"]) {
      expect([v, matches(v), forwardedHttps(v)]).toEqual([v, true, true]);
    }
    for (const v of ["http", "http, https", "xhttps"]) {
      expect([v, matches(v), forwardedHttps(v)]).toEqual([v, false, false]);
    }
  });
});
