/** The one timeout/abort helper (lib/abort.ts): who aborted a call, and a waiter that stops waiting. */
import { AbortedError, CallDeadline, raceSignal } from "@/lib/abort";

const LONG_MS = 60_000;

it("names the first source that aborted a call: the caller, or the call dropping its body", () => {
  const caller = new AbortController();
  const byCaller = new CallDeadline(LONG_MS, caller.signal);
  expect(byCaller.cause).toBeUndefined();
  caller.abort();
  expect(byCaller.cause).toBe("caller");
  byCaller.discard();
  expect(byCaller.cause).toBe("caller");

  const dropped = new CallDeadline(LONG_MS, new AbortController().signal);
  dropped.discard();
  expect(dropped.signal.aborted).toBe(true);
  expect(dropped.cause).toBe("discarded");
});

it("a caller whose signal was aborted already is aborted at once", () => {
  expect(new CallDeadline(LONG_MS, AbortSignal.abort()).cause).toBe("caller");
});

it("times out on its own budget", async () => {
  const deadline = new CallDeadline(1);
  await expect(deadline.race(new Promise(() => undefined))).rejects.toThrow("aborted");
  expect(deadline.cause).toBe("timeout");
});

it("a waiter stops waiting when its signal aborts; the shared work goes on", async () => {
  let finish: (v: number) => void = () => undefined;
  const work = new Promise<number>((resolve) => (finish = resolve));
  const caller = new AbortController();
  const waiting = raceSignal(work, caller.signal);
  caller.abort();
  await expect(waiting).rejects.toBeInstanceOf(AbortedError);
  finish(1);
  await expect(work).resolves.toBe(1);
  await expect(raceSignal(Promise.resolve(2), undefined)).resolves.toBe(2);
});
