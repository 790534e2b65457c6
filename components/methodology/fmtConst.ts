/** Display of methodology constants: numbers with units, durations also in hours/days. */
import { MS_PER_SECOND } from "@/lib/domain/constants";

const DAY_S = 86_400;
const HOUR_S = 3_600;

/** Plain number: grouped integers, small values in scientific notation. */
export function num(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  if (Math.abs(n) < 1e-3) return n.toExponential();
  return String(n);
}

/** Seconds as a human duration: `6 h`, `30 days`, `60 s`, `5 min`. */
export function seconds(s: number): string {
  if (s % DAY_S === 0 && s >= 2 * DAY_S) return `${s / DAY_S} days`;
  if (s % HOUR_S === 0) return `${s / HOUR_S} h`;
  if (s % 60 === 0 && s >= 60) return `${s / 60} min`;
  return `${s} s`;
}

const PERCENT = 100;
/** A share (0.2) as a percentage (`20 %`). */
export const pct = (share: number): string => `${num(share * PERCENT)} %`;

/** Milliseconds as a human duration. */
export const millis = (ms: number): string => seconds(ms / MS_PER_SECOND);

/** One constant's value as text, with its unit; records become `key: value` parts. */
export function constantValue(
  value: number | Readonly<Record<string, number>>,
  unit: string,
): string[] {
  const one = (n: number) => {
    if (unit === "ms") return `${num(n)} ms (${millis(n)})`;
    if (unit === "USD") return `${num(n)} USD`;
    if (unit === "bps") return `${num(n)} bps`;
    return num(n);
  };
  if (typeof value === "number") return [one(value)];
  return Object.entries(value).map(([k, v]) => `${k}: ${one(v)}`);
}
