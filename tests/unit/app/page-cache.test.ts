import { readFileSync } from "node:fs";
import path from "node:path";
import {
  DATA_PAGE_CDN_SECONDS,
  PAGE_EXPIRE_SECONDS,
  PAGE_REVALIDATE_SECONDS,
  PARTIAL_PAGE_CACHE_CONTROL,
  PARTIAL_PAGE_REUSE_MS,
  PARTIAL_PAGE_TAG,
  STATIC_PAGE_CDN_SECONDS,
} from "@/lib/page-cache";

const ROOT = path.resolve(__dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("page caching: the documented lifetimes are the ones the pages export", () => {
  it.each(Object.entries(PAGE_REVALIDATE_SECONDS))("%s", (_page, p) => {
    const source = read(p.file);
    expect(source).toMatch(new RegExp(`^export const revalidate = ${p.seconds};$`, "m"));
    expect(source).not.toMatch(/export const dynamic = "force-dynamic"/);
  });

  const handler = read("page-cache-handler.mjs");
  /** A numeric constant of page-cache-handler.mjs (`const NAME = 7 * 24;`). */
  const constant = (name: string) => {
    const m = new RegExp(`const ${name} = ([\\d\\s*]+);`).exec(handler);
    expect(m).not.toBeNull();
    return m![1]!.split("*").reduce((acc, n) => acc * Number(n.trim()), 1);
  };

  it("the page store (page-cache-handler.mjs) uses the values lib/page-cache.ts lists", () => {
    expect(constant("PAGE_EXPIRE_SECONDS")).toBe(PAGE_EXPIRE_SECONDS);
    expect(constant("DATA_PAGE_CDN_SECONDS")).toBe(DATA_PAGE_CDN_SECONDS);
    expect(constant("STATIC_PAGE_CDN_SECONDS")).toBe(STATIC_PAGE_CDN_SECONDS);
    expect(constant("PARTIAL_PAGE_REUSE_MS")).toBe(PARTIAL_PAGE_REUSE_MS);
    expect(handler).toContain(`PARTIAL_PAGE_TAG = "${PARTIAL_PAGE_TAG}";`);
    expect(handler).toContain(`PARTIAL_PAGE_CACHE_CONTROL = "${PARTIAL_PAGE_CACHE_CONTROL}";`);
    expect(handler).toMatch(/`public, s-maxage=\$\{sMaxAge\}, stale-while-revalidate=/);
  });

  it("next.config.mjs uses the page store, its expire time, and no per-request nonce", () => {
    const config = read("next.config.mjs");
    expect(config).toMatch(/import \{ PAGE_EXPIRE_SECONDS \} from "\.\/page-cache-handler\.mjs";/);
    expect(config).toMatch(/expireTime: PAGE_EXPIRE_SECONDS/);
    expect(config).toMatch(/cacheHandler: PAGE_CACHE_HANDLER/);
    expect(config).toMatch(/sri: \{ algorithm: "sha256" \}/);
    expect(config).not.toMatch(/nonce-/);
    // No fixed per-path Cache-Control for pages: it could not tell a partial render apart.
    expect(config).not.toMatch(/key: "Cache-Control"/);
  });

  it.each(Object.entries(PAGE_REVALIDATE_SECONDS))(
    "%s: its complete render is sent `public` with the listed CDN lifetime",
    (page, p) => {
      const key = page === "/" ? "/index" : page;
      const staticKeys = /STATIC_PAGE_KEYS = \[([^\]]*)\]/.exec(handler)![1]!;
      const expected = staticKeys.includes(`"${key}"`)
        ? STATIC_PAGE_CDN_SECONDS
        : DATA_PAGE_CDN_SECONDS;
      expect(p.cdnSeconds).toBe(expected);
      // A page that reads data can render from partial data: it must say so.
      if (p.cdnSeconds === DATA_PAGE_CDN_SECONDS)
        expect(read(p.file)).toMatch(/keepDegradedBriefly\(/);
    },
  );
});
