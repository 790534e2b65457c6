/** @jest-environment jsdom */
import { badgeSnippets, encodePathSegment, markdownEscape } from "@/lib/badge/snippet";

const ORIGIN = "https://intel.example";
const HOSTILE = `USD+ (x)"><script>alert(1)</script>](javascript:x) *_\``;

/** `[![alt](image)](page)` with the alt's backslash escapes undone; null when it is not one. */
function parseMarkdownBadge(md: string) {
  const m = /^\[!\[((?:\\[!-/:-@[-`{-~]|[^\\\][])*)\]\(([^()\s]+)\)\]\(([^()\s]+)\)$/.exec(md);
  if (!m) return null;
  return { alt: m[1]!.replace(/\\(.)/g, "$1"), image: m[2], page: m[3] };
}

describe("badge embed snippets", () => {
  it("HTML: the symbol stays text inside one attribute", () => {
    const { html } = badgeSnippets(ORIGIN, "usd+", HOSTILE);
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.getElementsByTagName("script")).toHaveLength(0);
    const links = doc.body.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("href")).toBe(`${ORIGIN}/stablecoins/usd%2B`);
    const img = links[0]!.querySelector("img");
    expect(img?.getAttribute("src")).toBe(`${ORIGIN}/api/badge/usd%2B.svg`);
    expect(img?.getAttribute("alt")).toBe(`${HOSTILE} peg`);
    expect(doc.body.children).toHaveLength(1);
  });

  it("Markdown: the alt text is escaped and the URLs cannot end the link early", () => {
    const { markdown } = badgeSnippets(ORIGIN, "eUSD(v2)", HOSTILE);
    expect(parseMarkdownBadge(markdown)).toEqual({
      alt: `${HOSTILE} peg`,
      image: `${ORIGIN}/api/badge/eUSD%28v2%29.svg`,
      page: `${ORIGIN}/stablecoins/eUSD%28v2%29`,
    });
    expect(parseMarkdownBadge(badgeSnippets(ORIGIN, "usdc", "USDC").markdown)).toEqual({
      alt: "USDC peg",
      image: `${ORIGIN}/api/badge/usdc.svg`,
      page: `${ORIGIN}/stablecoins/usdc`,
    });
  });

  it("encodes path segments strictly and escapes every ASCII punctuation mark", () => {
    expect(encodePathSegment("USD+ (x)!*'")).toBe("USD%2B%20%28x%29%21%2A%27");
    expect(markdownEscape("a[b](c)\\")).toBe("a\\[b\\]\\(c\\)\\\\");
    expect(markdownEscape("USDC 1")).toBe("USDC 1");
  });

  it("the preview path is relative: it loads from wherever the page is", () => {
    expect(badgeSnippets("", "usdc", "USDC").path).toBe("/api/badge/usdc.svg");
  });
});
