/**
 * Deterministic pseudo-randomness for the fake upstream. Every synthetic value is derived from a
 * seed string (FNV-1a hash → mulberry32), never from Math.random, so two runs with the same
 * "now" serve byte-identical bodies.
 */

/** FNV-1a 32-bit hash of a string. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for fixtures. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PRNG seeded by the parts, e.g. `rngFor("cex", 12)`. */
export function rngFor(...parts: Array<string | number>): () => number {
  return mulberry32(hash32(parts.join("|")));
}

/** One deterministic value in [-1, 1) for the parts. */
export function unitNoise(...parts: Array<string | number>): number {
  return rngFor(...parts)() * 2 - 1;
}

/** Deterministic value in [lo, hi) for the parts. */
export function between(lo: number, hi: number, ...parts: Array<string | number>): number {
  return lo + rngFor(...parts)() * (hi - lo);
}

const HEX = "0123456789abcdef";

/** `0x` + `chars` lowercase hex digits drawn from the seeded PRNG of the parts. */
export function hexFor(chars: number, ...parts: Array<string | number>): string {
  const rand = rngFor("hex", ...parts);
  let out = "0x";
  for (let i = 0; i < chars; i++) out += HEX[Math.floor(rand() * 16)];
  return out;
}

/** A 20-byte address (`0x` + 40 hex). */
export function addressFor(...parts: Array<string | number>): string {
  return hexFor(40, "address", ...parts);
}

/** A 32-byte hash (`0x` + 64 hex), e.g. a transaction hash or a Uniswap v4 pool id. */
export function hash256For(...parts: Array<string | number>): string {
  return hexFor(64, "hash", ...parts);
}

/** Pick one element deterministically from a non-empty list. */
export function pick<T>(list: readonly T[], r: number): T {
  const v = list[Math.min(list.length - 1, Math.floor(r * list.length))];
  if (v === undefined) throw new Error("fake-upstream: pick() on an empty list");
  return v;
}

/** Weighted pick: `weights[i]` is the relative weight of `list[i]`. */
export function pickWeighted<T>(list: readonly T[], weights: readonly number[], r: number): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  for (let i = 0; i < list.length; i++) {
    acc += (weights[i] ?? 0) / total;
    if (r < acc) return list[i] as T;
  }
  return pick(list, 0.999999);
}

export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
