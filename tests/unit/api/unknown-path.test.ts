/** /api paths no route serves: the catch-all answers 404 JSON with the flag. */
import * as unknownPath from "@/app/api/no-route/route";

describe("unknown /api paths", () => {
  it.each(["GET", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const)(
    "%s → 404 JSON with the flag",
    async (method) => {
      const res = await unknownPath[method]();
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
    const res = await unknownPath.HEAD();
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.text()).toBe("");
  });
});
