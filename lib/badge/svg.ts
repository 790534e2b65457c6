/**
 * A shields-style two-part SVG badge: grey label, coloured message, `<title>` for the tooltip
 * (source and as-of time). Presentation attributes only — no script, no style element, no
 * external reference — and every piece of text XML-escaped.
 */
import { xmlEscape } from "@/lib/depegs/feeds";

export const BADGE_COLORS = {
  ok: "#2e9e44",
  warn: "#dfb317",
  bad: "#e05d44",
  unknown: "#9f9f9f",
} as const;
export type BadgeTone = keyof typeof BADGE_COLORS;

const HEIGHT_PX = 20;
const PAD_PX = 6;
/** Verdana 11 px averages about 6.5 px per character; wide glyphs get a little more. */
const CHAR_PX = 6.5;
const WIDE_CHAR_PX = 8;

export function textWidthPx(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2000-\u2BFF]|[A-Z]/.test(ch) ? WIDE_CHAR_PX : CHAR_PX;
  return Math.ceil(w);
}

export interface BadgeSvgInput {
  label: string;
  message: string;
  tone: BadgeTone;
  title: string;
}

export function badgeSvg({ label, message, tone, title }: BadgeSvgInput): string {
  const x = xmlEscape;
  const lw = textWidthPx(label) + 2 * PAD_PX;
  const mw = textWidthPx(message) + 2 * PAD_PX;
  const w = lw + mw;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${HEIGHT_PX}" role="img" aria-label="${x(`${label}: ${message}`)}">
<title>${x(title)}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${w}" height="${HEIGHT_PX}" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${lw}" height="${HEIGHT_PX}" fill="#555"/><rect x="${lw}" width="${mw}" height="${HEIGHT_PX}" fill="${BADGE_COLORS[tone]}"/><rect width="${w}" height="${HEIGHT_PX}" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="14">${x(label)}</text>
<text x="${lw + mw / 2}" y="14">${x(message)}</text>
</g>
</svg>
`;
}
