/**
 * The shape of one request's upstream calls, pure (tests/unit/bench): how many dependent steps
 * ("waves") the fan-out took and how long at least one call was in flight. The exit-cost world
 * reads it from the fake upstream's log to tell waiting on providers from the server's own time.
 */

/** One upstream call: received at `atMs`, answered at `endMs` (null while pending). */
export interface CallSpan {
  atMs: number;
  endMs: number | null;
}

/**
 * Waves: calls in start order; a call that starts once a call of the current wave has answered
 * opens the next wave (it could depend on that answer). Upstream time: the length of the union
 * of the answered calls' intervals. A pending call joins a wave but neither ends one nor adds time.
 */
export function fanOutShape(calls: readonly CallSpan[]): { waves: number; upstreamMs: number } {
  const sorted = [...calls].sort((a, b) => a.atMs - b.atMs);
  let waves = 0;
  let firstAnswerMs = -Infinity;
  let busyMs = 0;
  let cursorMs = -Infinity;
  for (const c of sorted) {
    const endMs = c.endMs ?? Infinity;
    if (waves === 0 || c.atMs >= firstAnswerMs) {
      waves++;
      firstAnswerMs = endMs;
    } else firstAnswerMs = Math.min(firstAnswerMs, endMs);
    if (c.endMs !== null && c.endMs > cursorMs) {
      busyMs += c.endMs - Math.max(c.atMs, cursorMs);
      cursorMs = c.endMs;
    }
  }
  return { waves, upstreamMs: busyMs };
}
