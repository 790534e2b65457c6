/** @jest-environment jsdom */
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
