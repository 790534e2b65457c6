/**
 * XML escaping shared by the feeds and the badge. Its own module with no imports: the badge
 * snippet is bundled for the browser, where anything pulling the asset overlay (zod parsing at
 * load, which asks for eval) breaks the page's CSP.
 */

/** Characters XML 1.0 does not allow (C0 controls but tab, LF, CR; U+FFFE, U+FFFF). */
function xmlAllowed(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c !== 0xfffe && c !== 0xffff);
}

/** XML text and attribute escaping (the five predefined entities; disallowed characters dropped). */
export function xmlEscape(s: string): string {
  return [...s]
    .filter(xmlAllowed)
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
