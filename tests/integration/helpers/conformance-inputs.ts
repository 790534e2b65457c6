/**
 * Requests for the conformance judge, generated from each parameter's schema in the served
 * document (valid, boundary and over-limit values, values matching its pattern drawn by
 * fast-check) and hostile ones (malformed, unicode, whitespace-padded, `+` and parentheses, raw
 * `+`, bad percent-encoding, repeated and missing parameters). Whether each one is valid is the
 * judge's call, never this file's.
 */
import fc from "fast-check";
import { percentEncode as encode } from "../../helpers/percent-encode";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A fixed seed: the same requests on every run. */
const SEED = 20_261_127;
const GENERATED_PER_PARAM = 30;

/** Values any parameter is tried with, whatever its schema. */
const HOSTILE = [
  "",
  " ",
  "usd coin",
  "USD+",
  "eUSD(v2)",
  "usd.ai",
  "(",
  ")",
  "+",
  "a,b",
  "a/b",
  "../../etc/passwd",
  "%2B",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "null",
  "0",
  "-1",
  "1e3",
  "ＵＳＤＣ",
  "usdc\u200b",
  "üsdc",
  "😀",
  "\ud800",
  "\u0000",
  "x".repeat(4_000),
];

/** Query fragments sent as typed, not encoded: a raw `+` (a space), broken escapes, no `=`. */
const RAW = (name: string) => [
  `${name}=usd+`,
  `${name}=usdc%ZZ`,
  `${name}=%`,
  `${name}=%00`,
  name,
  `${name}[]=usdc`,
];

const padded = (v: string) => [` ${v}`, `${v} `, `\t${v}`, `${v}\n`, `\u00a0${v}`, `%20${v}`];

function stringValues(schema: Json, example: string): string[] {
  const out = [example, ...padded(example), example.toUpperCase()];
  const enumValues = (schema.enum as string[] | undefined) ?? [];
  for (const e of enumValues) out.push(e, e.toUpperCase(), ` ${e}`);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern as string);
    out.push(
      ...fc.sample(fc.stringMatching(pattern), { numRuns: GENERATED_PER_PARAM, seed: SEED }),
    );
    const fill = ["a", "0", "A"].find((c) => pattern.test(c)) ?? "a";
    const max = schema.maxLength as number | undefined;
    if (max !== undefined) out.push(fill.repeat(max), fill.repeat(max + 1));
  }
  return out;
}

/** Boundaries of a number schema, each written as a client would (and as one should not). */
function numberValues(schema: Json): string[] {
  const lo = (schema.minimum ?? schema.exclusiveMinimum ?? 0) as number;
  const hi = (schema.maximum ?? schema.exclusiveMaximum ?? 1e9) as number;
  const mid = Math.round((lo + hi) / 2);
  const edges = [lo, hi, lo - 0.01, hi + 0.01, hi + 1, lo / 2, mid, 0, -0, -mid];
  return [
    ...edges.map(String),
    mid.toExponential(),
    `${mid}.5`,
    `${mid}.123456`,
    `+${mid}`,
    `0${mid}`,
    `${mid},`,
    `0x${mid.toString(16)}`,
    "Infinity",
    "NaN",
    "1e400",
    "1e-400",
    ...fc
      .sample(fc.double({ min: lo, max: hi, noNaN: true }), {
        numRuns: GENERATED_PER_PARAM,
        seed: SEED,
      })
      .map(String),
  ];
}

function arrayValues(schema: Json): string[] {
  const items = numberValues(schema.items as Json);
  const max = (schema.maxItems as number | undefined) ?? 8;
  const lo = String((schema.items as Json).minimum ?? 1);
  const list = (n: number) => Array.from({ length: n }, (_, i) => String(Number(lo) + i));
  return [
    ...items,
    list(max).join(","),
    list(max + 1).join(","),
    Array(max + 1)
      .fill(lo)
      .join(","),
    `${lo},${lo}`,
    `${lo},`,
    `,${lo}`,
    `${lo}, ${lo}`,
    `${lo},,${lo}`,
    `${lo};${lo}`,
  ];
}

/** A documented example as a query value: an array in `form` style without explode is `a,b`. */
const serialised = (example: unknown): string =>
  Array.isArray(example) ? example.join(",") : String(example ?? "x");

/** Every value tried for one parameter (its example first). */
export function valuesFor(param: Json): string[] {
  const schema = param.schema as Json;
  const example = serialised(param.example);
  const typed =
    schema.type === "array"
      ? arrayValues(schema)
      : schema.type === "number" || schema.type === "integer"
        ? numberValues(schema)
        : stringValues(schema, example);
  return [...new Set([example, ...typed, ...HOSTILE])];
}

export interface Probe {
  /** Path and query, as sent. */
  url: string;
  /** Decoded path parameter values (the judge's input for `in: path`). */
  pathValues: Record<string, string>;
}

/** The operation's path with its path parameters filled in (encoded). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, n: string) => encode(values[n] ?? ""));
}

/**
 * Requests for one operation: the documented example request, each parameter replaced by each
 * of its values (and raw fragments), left out, repeated, and an unknown parameter added.
 */
export function probesFor(path: string, params: Json[]): Probe[] {
  const own = params.filter((p) => p.in === "query" || p.in === "path");
  const base = Object.fromEntries(
    own.filter((p) => p.required).map((p) => [p.name as string, serialised(p.example)]),
  );
  const build = (values: Record<string, string>, extra: string[] = []): Probe => {
    const pathValues: Record<string, string> = {};
    const query: string[] = [];
    for (const p of own) {
      const v = values[p.name];
      if (v === undefined) continue;
      if (p.in === "path") pathValues[p.name] = v;
      else query.push(`${encode(p.name)}=${encode(v)}`);
    }
    const qs = [...query, ...extra].join("&");
    return { url: fill(path, pathValues) + (qs ? `?${qs}` : ""), pathValues };
  };
  const probes = [build(base), build(base, ["unknown_param=1"]), build(base, ["a=1", "a=2"])];
  for (const p of own) {
    for (const v of valuesFor(p)) probes.push(build({ ...base, [p.name]: v }));
    if (p.in !== "query") continue;
    const { [p.name]: _left, ...without } = base;
    probes.push(build(without));
    for (const fragment of RAW(p.name)) probes.push(build(without, [fragment]));
    const example = serialised(p.example);
    probes.push(build({ ...base, [p.name]: example }, [`${p.name}=${encode(example)}`]));
  }
  return probes;
}
