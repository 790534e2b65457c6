/**
 * The copy-paste embed snippets of the peg badge (HTML and Markdown), pure and browser-safe.
 * The symbol comes from upstream data, so it is escaped for each target: HTML attribute entities,
 * and a backslash before every ASCII punctuation character in Markdown text (CommonMark lets any
 * of them be escaped). URLs are percent-encoded strictly, so `(` and `)` cannot close a Markdown
 * link and `"` cannot close an attribute.
 */
import { xmlEscape } from "@/lib/xml";
import { BADGE_LABEL, BADGE_SUFFIX } from "./constants";

/** RFC 3986 path segment: `encodeURIComponent` leaves `!'()*` as they are. */
export function encodePathSegment(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Markdown text: every ASCII punctuation character backslash-escaped. */
export function markdownEscape(s: string): string {
  return s.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}

export interface BadgeSnippets {
  /** Path of the badge image on this service (for the preview). */
  path: string;
  html: string;
  markdown: string;
}

/**
 * Snippets for the coin at `selector` (its canonical path selector), labelled with `symbol`,
 * linking to `origin` (`PUBLIC_BASE_URL`, or the origin the page was opened at).
 */
export function badgeSnippets(origin: string, selector: string, symbol: string): BadgeSnippets {
  const segment = encodePathSegment(selector);
  const path = `/api/badge/${segment}${BADGE_SUFFIX}`;
  const image = `${origin}${path}`;
  const page = `${origin}/stablecoins/${segment}`;
  const alt = `${symbol} ${BADGE_LABEL}`;
  const a = xmlEscape;
  return {
    path,
    html: `<a href="${a(page)}"><img src="${a(image)}" alt="${a(alt)}"></a>`,
    markdown: `[![${markdownEscape(alt)}](${image})](${page})`,
  };
}
