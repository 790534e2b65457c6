/**
 * Display formatting only: numbers in, strings out. No domain maths here (shares, changes and
 * deviations arrive computed from lib/).
 */

import { DECIMALS, roundTo } from "@/lib/domain/precision";

/** Shown for a missing value. */
export const DASH = "—";
/** Typographic minus, so signed numbers line up with "+". */
const MINUS = "−";
/**
 * Between a sign and "$": both are prefix characters, between which a browser may break a line,
 * leaving "−" at the end of one line and "$377.7M" on the next. The word joiner forbids it.
 */
const WORD_JOINER = "\u2060";

const UNITS: ReadonlyArray<[number, string]> = [
  [1e12, "T"],
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
];

function signOf(n: number, signed: boolean): string {
  if (n < 0) return MINUS;
  return signed && n > 0 ? "+" : "";
}

function ok(n: number | null | undefined): n is number {
  return typeof n === "number" && Number.isFinite(n);
}

/** A sign glued to the "$" after it (no line break between them). */
function usdSignOf(n: number, signed: boolean): string {
  const sign = signOf(n, signed);
  return sign === "" ? "" : `${sign}${WORD_JOINER}`;
}

/** Compact USD: `$187.0B`, `$633.1M`, `$412`; `signed` adds `+` to positive values. */
export function formatUsd(n: number | null | undefined, opts: { signed?: boolean } = {}): string {
  if (!ok(n)) return DASH;
  const abs = Math.abs(n);
  const sign = usdSignOf(n, opts.signed ?? false);
  for (const [size, suffix] of UNITS) {
    // Round first so 999.96M prints as $1.0B, not $1000.0M.
    const scaled = (abs / size).toFixed(1);
    if (Number(scaled) >= 1) return `${sign}$${scaled}${suffix}`;
  }
  return `${sign}$${abs.toFixed(0)}`;
}

/**
 * Whole numbers with thousands separators. Built once: `toLocaleString` with options builds a
 * new formatter on every call, about a hundred times the cost of reusing one (the asset page formats
 * dozens of these while it hydrates on a phone).
 */
const WHOLE_GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Full USD with thousands separators, for titles and tooltips: `$187,046,513,495`. */
export function formatUsdFull(n: number | null | undefined): string {
  if (!ok(n)) return DASH;
  const abs = WHOLE_GROUPED.format(Math.abs(n));
  return `${usdSignOf(n, false)}$${abs}`;
}

/** Percentage with a sign by default: `+10.40%`, `−0.10%`, `0.00%`. */
export function formatPct(
  n: number | null | undefined,
  opts: { digits?: number; signed?: boolean } = {},
): string {
  if (!ok(n)) return DASH;
  const digits = opts.digits ?? 2;
  const text = Math.abs(n).toFixed(digits);
  const isZero = Number(text) === 0;
  return `${isZero ? "" : signOf(n, opts.signed ?? true)}${text}%`;
}

/**
 * Basis points with a sign: `+6.4 bps`, `−3.8 bps`. Rounded first to the precision the API
 * publishes, so a page given the raw −1.8499… and one given the API's −1.85 print the same.
 */
export function formatBps(n: number | null | undefined, opts: { digits?: number } = {}): string {
  if (!ok(n)) return DASH;
  const text = Math.abs(roundTo(n, DECIMALS.bps)).toFixed(opts.digits ?? 1);
  const isZero = Number(text) === 0;
  return `${isZero ? "" : signOf(n, true)}${text} bps`;
}

/** Plain grouped integer: `4,512`. */
export function formatInt(n: number | null | undefined): string {
  if (!ok(n)) return DASH;
  return Math.round(n).toLocaleString("en-US");
}

/** `2025-06-01 14:05 UTC`; the input string when it is not a date. */
export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** Sign of a value for colouring: 1, -1 or 0 (null and zero are neutral). */
export function signClass(n: number | null | undefined): -1 | 0 | 1 {
  if (!ok(n) || n === 0) return 0;
  return n > 0 ? 1 : -1;
}

const CHAIN_LABELS: Readonly<Record<string, string>> = {
  bnb: "BNB Chain",
  zksync: "zkSync",
  ton: "TON",
  "hyperliquid-l1": "Hyperliquid L1",
  "op-bnb": "opBNB",
  xdc: "XDC",
  iotex: "IoTeX",
};

/** Display name of a canonical (lowercase) chain: `arbitrum` → `Arbitrum`. */
export function chainLabel(chain: string): string {
  // Own keys only: a chain named `constructor` is not Object's.
  const known = Object.hasOwn(CHAIN_LABELS, chain) ? CHAIN_LABELS[chain] : undefined;
  if (known) return known;
  return chain
    .split("-")
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(" ");
}

const BACKING_LABELS: Readonly<Record<string, string>> = {
  "fiat-backed": "Fiat-backed",
  "crypto-backed": "Crypto-backed",
  algorithmic: "Algorithmic",
};

export function backingLabel(backing: string | null | undefined): string {
  if (!backing) return "Unknown";
  return (Object.hasOwn(BACKING_LABELS, backing) ? BACKING_LABELS[backing] : undefined) ?? backing;
}

/** Score points: `72.5 pts`; `signed` adds `+` (a change). */
export function formatPoints(
  n: number | null | undefined,
  opts: { signed?: boolean } = {},
): string {
  if (!ok(n)) return DASH;
  const text = Math.abs(n).toFixed(1);
  const isZero = Number(text) === 0;
  return `${isZero ? "" : signOf(n, opts.signed ?? false)}${text} pts`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A chart's time tick in UTC: `14:00` (hour), `11-17` (day) or `2026-11` (month). */
export function formatTimeTick(ms: number, unit: "hour" | "day" | "month"): string {
  const d = new Date(ms);
  if (unit === "hour") return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
  if (unit === "month") return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}`;
  return `${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}
