import { readFileSync } from "node:fs";
import path from "node:path";
import {
  DEGRADED_REVALIDATE_SECONDS,
  PAGE_EXPIRE_SECONDS,
  PAGE_REVALIDATE_SECONDS,
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

  it("next.config.mjs sets the same expire time and no per-request nonce remains", () => {
    const config = read("next.config.mjs");
    const m = /const PAGE_EXPIRE_SECONDS = ([\d\s*]+);/.exec(config);
    expect(m).not.toBeNull();
    const value = m![1]!.split("*").reduce((acc, n) => acc * Number(n.trim()), 1);
    expect(value).toBe(PAGE_EXPIRE_SECONDS);
    expect(config).toMatch(/expireTime: PAGE_EXPIRE_SECONDS/);
    expect(config).toMatch(/sri: \{ algorithm: "sha256" \}/);
    expect(config).not.toMatch(/nonce-/);
  });

  it.each(Object.entries(PAGE_REVALIDATE_SECONDS))(
    "%s: next.config.mjs sends `public` with the listed CDN lifetime",
    (page, p) => {
      const config = read("next.config.mjs");
      const constant = (name: string) => {
        const m = new RegExp(`const ${name} = ([\\d\\s*]+);`).exec(config);
        expect(m).not.toBeNull();
        return m![1]!.split("*").reduce((acc, n) => acc * Number(n.trim()), 1);
      };
      expect(constant("DEGRADED_PAGE_CDN_SECONDS")).toBe(DEGRADED_REVALIDATE_SECONDS);
      expect(constant("STATIC_PAGE_CDN_SECONDS")).toBe(STATIC_PAGE_CDN_SECONDS);
      const source = page.replace(/\[(\w+)\]/g, ":$1");
      const entry = new RegExp(`"${source.replace(/\//g, "\\/")}": (\\w+),`).exec(config);
      expect(entry).not.toBeNull();
      expect(constant(entry![1]!)).toBe(p.cdnSeconds);
      // A page that can render degraded never lets a CDN keep it longer than the server does.
      if (/keepDegradedBriefly\(/.test(read(p.file)))
        expect(p.cdnSeconds).toBe(DEGRADED_REVALIDATE_SECONDS);
      expect(config).toMatch(/`public, s-maxage=\$\{sMaxAge\}, stale-while-revalidate=/);
    },
  );
});
