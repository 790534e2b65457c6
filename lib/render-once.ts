/**
 * One read per source per page render. Inside a server render, React's `cache()` gives every
 * call the same Map for that render only, so a page whose panels each load the asset context
 * (risk, pools, peg history) reads every source once. Outside a render (route handlers, tests,
 * scripts) `cache()` does not memoize: each call gets a fresh Map and reads as before.
 */
import { cache } from "react";

const renderMemo = cache(() => new Map<string, Promise<unknown>>());

export function once<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memo = renderMemo();
  const hit = memo.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const p = read();
  memo.set(key, p);
  return p;
}
