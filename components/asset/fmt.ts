/** Asset-page display helpers on top of components/format (display only, no domain maths). */
import { DASH, formatPct, formatUtc } from "@/components/format";

const ok = (n: number | null | undefined): n is number =>
  typeof n === "number" && Number.isFinite(n);

/** A USD price with four decimals: `0.9998 USD`. */
export function formatPrice(n: number | null | undefined): string {
  return ok(n) ? `${n.toFixed(4)} USD` : DASH;
}

/** A fraction 0–1 shown as an unsigned percentage: `2.99%`. */
export function formatShare(n: number | null | undefined, digits = 2): string {
  return ok(n) ? formatPct(n * 100, { digits, signed: false }) : DASH;
}

/** Unsigned basis points, for costs such as price impact: `1.3 bps`. */
export function formatBpsAbs(n: number | null | undefined, digits = 1): string {
  return ok(n) ? `${Math.abs(n).toFixed(digits)} bps` : DASH;
}

/** Milliseconds as hours: `0 h`, `2.5 h`. */
export function formatHours(ms: number | null | undefined): string {
  if (!ok(ms)) return DASH;
  const h = ms / 3_600_000;
  return `${Number.isInteger(h) ? h : h.toFixed(1)} h`;
}

/** Short UTC time `11-17 16:15 UTC` (the year is implied by the window). */
export function formatUtcShort(iso: string | null | undefined): string {
  const full = formatUtc(iso);
  return /^\d{4}-/.test(full) ? full.slice(5) : full;
}

/** `concentrated-liquidity` → `Concentrated liquidity`. */
export function humanize(s: string): string {
  const t = s.replace(/[-_]/g, " ");
  return t ? t[0]!.toUpperCase() + t.slice(1) : t;
}

export const PAIR_KIND_LABEL: Readonly<Record<string, string>> = {
  "stable-stable": "stable↔stable",
  "stable-volatile": "stable↔volatile",
};
