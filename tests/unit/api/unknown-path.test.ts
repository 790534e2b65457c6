/** /api paths no route serves: the catch-all answers 404 JSON with the flag. */
import * as unknownPath from "@/app/api/no-route/route";
import { resetRateLimiterForTests } from "@/lib/api/rate-limit";
import { resetConfigForTests } from "@/lib/config";

describe("unknown /api paths", () => {
  const limit = process.env.PUBLIC_RATE_LIMIT_PER_MINUTE;
  afterEach(() => {
    process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = limit;
    resetConfigForTests();
    resetRateLimiterForTests();
  });

  it.each(["GET", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const)(
    "%s → 404 JSON with the flag",
    async (method) => {
      process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = "100";
      resetConfigForTests();
      resetRateLimiterForTests();
      const res = await unknownPath[method](new Request("http://localhost/api/nope", { method }));
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({
        error: { code: "not_found", message: "No route matches this path." },
        holderAnalyticsSupported: false,
      });
    },
  );

  it("HEAD → 404 without a body", async () => {
    const res = await unknownPath.HEAD(
      new Request("http://localhost/api/nope", { method: "HEAD" }),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.text()).toBe("");
  });

  it.each(["GET", "HEAD"] as const)(
    "%s counts against the allowance and says so",
    async (method) => {
      process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = "100";
      resetConfigForTests();
      resetRateLimiterForTests();
      const res = await unknownPath[method](new Request("http://localhost/api/nope", { method }));
      for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"])
        expect([name, res.headers.get(name)]).toEqual([name, expect.stringMatching(/^\d+$/)]);
    },
  );
});
