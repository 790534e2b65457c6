/**
 * The page store hands a cached page's HTML out as UTF-8 bytes, encoded once per stored render
 * (Next writes a string page with `res.end(string)`, which Node encodes again on every request),
 * keeps its partial-page rule on top, and leaves every other kind of entry, and what is stored,
 * as Next keeps them.
 */
const stored = new Map<string, unknown>();

jest.mock("next/dist/server/lib/incremental-cache/file-system-cache.js", () => ({
  __esModule: true,
  default: class {
    async get(key: string) {
      return stored.get(key) ?? null;
    }
  },
}));

type Entry = { lastModified: number; value: Record<string, unknown> } | null;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const PageCacheHandler = require("@/page-cache-handler.mjs").default as new () => {
  get(key: string): Promise<Entry>;
};

const page = (html: string, tags = "") => ({
  lastModified: Date.now(),
  value: {
    kind: "APP_PAGE",
    html,
    rscData: Buffer.from("rsc"),
    status: 200,
    headers: { "x-next-cache-tags": tags },
  },
});

it("a cached page's HTML comes out as its UTF-8 bytes, the same object on every hit", async () => {
  const html = "<p>−1.5 bps ≤ 10 — ok</p>";
  const entry = page(html);
  stored.set("/stablecoins/usdc", entry);
  const cache = new PageCacheHandler();
  const a = await cache.get("/stablecoins/usdc");
  const b = await cache.get("/stablecoins/usdc");
  expect(Buffer.isBuffer(a?.value.html)).toBe(true);
  expect((a?.value.html as Buffer).toString("utf8")).toBe(html);
  expect(b?.value.html).toBe(a?.value.html);
  // What Next stores is untouched.
  expect(entry.value.html).toBe(html);
  expect(a?.value.rscData).toBe(entry.value.rscData);
});

it("a fresh partial page still comes out as bytes, and still `private, no-store`", async () => {
  const html = "<p>not measured — partial</p>";
  stored.set("/depegs", page(html, "partial-data"));
  const hit = await new PageCacheHandler().get("/depegs");
  expect(Buffer.isBuffer(hit?.value.html)).toBe(true);
  expect((hit?.value.html as Buffer).toString("utf8")).toBe(html);
  expect((hit?.value.headers as Record<string, string>)["cache-control"]).toBe("private, no-store");
});

it("other entries and misses pass through unchanged", async () => {
  const route = { lastModified: 1, value: { kind: "APP_ROUTE", body: Buffer.from("{}") } };
  stored.set("/api/x", route);
  const cache = new PageCacheHandler();
  expect(await cache.get("/api/x")).toBe(route);
  expect(await cache.get("/missing")).toBeNull();
});

it("a page built from the code alone is shared for a day, found by its cache tags (Next's store key is a hash)", async () => {
  const tags = "_N_T_/layout,_N_T_/methodology/layout,_N_T_/methodology/page,_N_T_/methodology";
  stored.set("/route-cache/APP_PAGE/3f9a1c", page("<p>methodology</p>", tags));
  stored.set("/route-cache/APP_PAGE/77b2e0", page("<p>usdc</p>", "_N_T_/stablecoins/usdc"));
  const cache = new PageCacheHandler();
  const staticHit = await cache.get("/route-cache/APP_PAGE/3f9a1c");
  const dataHit = await cache.get("/route-cache/APP_PAGE/77b2e0");
  const header = (e: Entry) => (e?.value.headers as Record<string, string>)["cache-control"];
  expect(header(staticHit)).toMatch(/^public, s-maxage=86400,/);
  expect(header(dataHit)).toMatch(/^public, s-maxage=15,/);
});
