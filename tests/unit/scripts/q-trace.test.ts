/** scripts/q-trace.ts: how a call tree becomes stays and returns to a file already left. */
import path from "node:path";
import { summarize, type CallNode } from "@/scripts/q-trace";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const f = (name: string) => path.join(ROOT, name);

const call = (caller: string | null, file: string, name: string, children: CallNode[] = []) => ({
  caller: caller === null ? null : f(caller),
  file: f(file),
  name,
  children,
});

it("a call out and back is two stays in the caller's file: one return", () => {
  const t = summarize([call(null, "a.ts", "route", [call("a.ts", "b.ts", "read")])]);
  expect(t.stays).toEqual(["a.ts", "b.ts", "a.ts"]);
  expect(t.files).toBe(2);
  expect(t.returns).toBe(1);
});

it("a callback defined in the caller and run by the callee counts in the caller's file", () => {
  const t = summarize([
    call(null, "a.ts", "route", [
      call("a.ts", "once.ts", "once", [call("a.ts", "store.ts", "read")]),
    ]),
  ]);
  expect(t.stays).toEqual(["a.ts", "once.ts", "a.ts", "store.ts", "a.ts", "once.ts", "a.ts"]);
  expect(t.returns).toBe(4);
});

it("the same call repeated right after itself (a loop) is walked once", () => {
  const loop = Array.from({ length: 300 }, () => call("a.ts", "b.ts", "toRef"));
  const t = summarize([call(null, "a.ts", "route", [...loop, call("a.ts", "c.ts", "other")])]);
  expect(t.stays).toEqual(["a.ts", "b.ts", "a.ts", "c.ts", "a.ts"]);
  expect(t.returns).toBe(2);
});

it("without leaf calls, exports that call no other file are left out", () => {
  const tree = [
    call(null, "a.ts", "route", [
      call("a.ts", "config.ts", "getConfig"),
      call("a.ts", "b.ts", "read", [call("b.ts", "kv.ts", "get")]),
    ]),
  ];
  expect(summarize(tree).stays).toEqual([
    "a.ts",
    "config.ts",
    "a.ts",
    "b.ts",
    "kv.ts",
    "b.ts",
    "a.ts",
  ]);
  expect(summarize(tree).returns).toBe(3);
  expect(summarize(tree, false).stays).toEqual(["a.ts", "b.ts", "a.ts"]);
});
