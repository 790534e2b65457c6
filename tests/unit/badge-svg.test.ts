/** @jest-environment jsdom */
import { badgeFace, staleFace } from "@/lib/badge/face";
import { badgeSvg, textWidthPx } from "@/lib/badge/svg";

describe("badge SVG", () => {
  it("escapes hostile text: it parses and renders as text only", () => {
    const hostile = `"><script>alert(1)</script><a href="javascript:x">&`;
    const svg = badgeSvg({ label: "peg", message: hostile, tone: "bad", title: hostile });
    expect(svg).not.toContain("<script>");
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.getElementsByTagName("script")).toHaveLength(0);
    expect(doc.getElementsByTagName("a")).toHaveLength(0);
    expect(doc.getElementsByTagName("text")[1]?.textContent).toBe(hostile);
    expect(doc.getElementsByTagName("title")[0]?.textContent).toBe(hostile);
  });

  it("sizes the two parts by their text", () => {
    const short = badgeSvg({ label: "peg", message: "+5 bps", tone: "warn", title: "t" });
    const long = badgeSvg({ label: "peg", message: "0.999–1.001 ✓", tone: "ok", title: "t" });
    const width = (s: string) => Number(/width="(\d+(?:\.\d+)?)"/.exec(s)?.[1]);
    expect(width(long)).toBeGreaterThan(width(short));
    expect(textWidthPx("abc")).toBeGreaterThan(0);
  });
});

describe("badge face", () => {
  it("says the band when on, the signed deviation when off, nothing without a price", () => {
    expect(badgeFace({ on: true, priceUsd: 0.9998 })).toEqual({
      message: "0.999–1.001 ✓",
      tone: "ok",
    });
    expect(badgeFace({ on: false, priceUsd: 0.9965 })).toEqual({
      message: "−35 bps",
      tone: "warn",
    });
    expect(badgeFace({ on: false, priceUsd: 1.0015 })).toEqual({
      message: "+15 bps",
      tone: "warn",
    });
    expect(badgeFace({ on: false, priceUsd: 0.985 })).toEqual({ message: "−150 bps", tone: "bad" });
    expect(badgeFace({ on: false, priceUsd: null })).toBeNull();
  });
});

describe("stale badge face", () => {
  it("says stale with the minute the price is from, in grey", () => {
    expect(staleFace(Date.UTC(2025, 2, 1, 14, 5, 59))).toEqual({
      message: "stale · as of 2025-03-01 14:05 UTC",
      tone: "unknown",
    });
    expect(staleFace(null)).toEqual({ message: "stale", tone: "unknown" });
  });
});
