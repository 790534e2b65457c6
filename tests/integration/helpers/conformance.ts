/**
 * A judge the service did not write: the OpenAPI document exactly as served (plain JSON), read
 * by ajv (JSON Schema 2020-12, with ajv-formats). Nothing here imports a zod schema of ours or
 * the code that builds the document. It says whether a request is valid by the document's
 * parameter schemas (query values deserialised as OpenAPI 3.1 serialises them), and whether an
 * answer is one the document allows: a documented status, a body matching that status' schema
 * for the answer's media type, the documented headers present with valid values.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The document's flag (its info.description names it): required at the top of JSON bodies. */
export const FLAG = "holderAnalyticsSupported";

export interface Operation {
  path: string;
  op: Json;
  params: Json[];
}

/** A JSON number literal, the wire form of a `type: number` query value (no sign `+`, no spaces). */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function scalar(raw: string, schema: Json): unknown {
  if (schema.type === "number" || schema.type === "integer")
    return JSON_NUMBER.test(raw) ? Number(raw) : raw;
  if (schema.type === "boolean") return raw === "true" ? true : raw === "false" ? false : raw;
  return raw;
}

/** OpenAPI 3.1 `form` style: `explode: false` arrays are comma-separated, `""` the empty array. */
function deserialize(raw: string, param: Json): unknown {
  const schema = param.schema as Json;
  if (schema.type !== "array") return scalar(raw, schema);
  if (param.explode !== false) return [scalar(raw, schema.items)];
  return raw === "" ? [] : raw.split(",").map((item) => scalar(item, schema.items));
}

export class Judge {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly doc: Json) {
    addFormats(this.ajv);
  }

  private resolve(value: Json): Json {
    const ref = value.$ref as string | undefined;
    if (!ref) return value;
    return ref
      .replace(/^#\//, "")
      .split("/")
      .reduce((at: Json, key) => at[key.replace(/~1/g, "/").replace(/~0/g, "~")], this.doc);
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(key, v);
    }
    return v;
  }

  private check(key: string, schema: Json, value: unknown): string[] {
    const v = this.validator(key, schema);
    return v(value) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  }

  operations(): Operation[] {
    return Object.entries(this.doc.paths as Json).map(([path, item]) => {
      const op = (item as Json).get as Json;
      const params = ((op.parameters ?? []) as Json[]).map((p) => this.resolve(p));
      return { path, op, params };
    });
  }

  /**
   * Why `url` is not a valid request to `o` by the document (empty: valid): a missing required
   * parameter, a repeated one (the 400's documented meaning), a value outside its schema.
   */
  requestProblems(o: Operation, url: URL, pathValues: Record<string, string> = {}): string[] {
    const problems: string[] = [];
    // "Repeated parameter" is what the 400 means where an operation documents one.
    const keys = [...url.searchParams.keys()];
    if ("400" in o.op.responses)
      for (const k of new Set(keys))
        if (keys.filter((x) => x === k).length > 1) problems.push(`${k}: repeated`);
    for (const p of o.params) {
      if (p.in === "header") continue;
      const raw = p.in === "path" ? pathValues[p.name] : url.searchParams.get(p.name);
      if (raw === null || raw === undefined) {
        if (p.required) problems.push(`${p.name}: missing`);
        continue;
      }
      const key = `param ${o.path} ${p.name}`;
      for (const e of this.check(key, p.schema, deserialize(raw, p)))
        problems.push(`${p.name}=${JSON.stringify(raw)}:${e}`);
    }
    return problems;
  }

  /** Headers of a documented response, by name (`$ref`s resolved). */
  private headersOf(response: Json): [string, Json][] {
    return Object.entries((response.headers ?? {}) as Json).map(([n, h]) => [n, this.resolve(h)]);
  }

  /**
   * What is wrong with an answer of `status` to operation `o` by the document: undocumented
   * status, media type or body, a documented header missing (the ETag only where the answer may
   * be kept: the document's Cache-Control says healthy answers only) or with an invalid value.
   */
  answerProblems(o: Operation, status: number, headers: Headers, text: string | null): string[] {
    const response = o.op.responses[String(status)] as Json | undefined;
    if (!response) return [`status ${status} is not documented`];
    const problems: string[] = [];
    const cacheable = !/no-store/.test(headers.get("cache-control") ?? "no-store");
    for (const [name, h] of this.headersOf(response)) {
      const value = headers.get(name);
      if (value === null) {
        if (name !== "ETag" || cacheable) problems.push(`header ${name} missing`);
        continue;
      }
      for (const e of this.check(`header ${name}`, h.schema, value))
        problems.push(`header ${name}=${value}:${e}`);
    }
    if (text === null || !response.content) return problems;
    const media = (headers.get("content-type") ?? "").split(";")[0]!.trim();
    const content = (response.content as Json)[media] as Json | undefined;
    if (!content) return [...problems, `media type ${media} is not documented for ${status}`];
    const json = media === "application/json" || media.endsWith("+json");
    let body: unknown = text;
    if (json) {
      try {
        body = JSON.parse(text);
      } catch {
        return [...problems, "body is not JSON"];
      }
    }
    const key = `body ${o.path} ${status} ${media}`;
    return [...problems, ...this.check(key, content.schema, body).map((e) => `body${e}`)];
  }

  /** JSON data responses whose top-level schema does not require the flag. */
  flagNotRequired(): string[] {
    const missing: string[] = [];
    for (const { path, op } of this.operations()) {
      for (const [status, res] of Object.entries(op.responses as Json)) {
        const schema = (res as Json).content?.["application/json"]?.schema as Json | undefined;
        if (!schema || path === "/api/openapi.json") continue;
        const top = this.resolve(schema);
        if (!(top.required as string[] | undefined)?.includes(FLAG))
          missing.push(`${path} ${status}`);
      }
    }
    return missing;
  }

  /** The document's answer for a path no route serves: the shared 404 body and the limiter's headers. */
  unknownPathProblems(method: string, status: number, headers: Headers, text: string): string[] {
    if (status !== 404) return [`status ${status}, not 404`];
    const problems: string[] = [];
    if (method === "GET" || method === "HEAD") {
      for (const name of ["RateLimitLimit", "RateLimitRemaining", "RateLimitReset"]) {
        const h = this.doc.components.headers[name] as Json;
        const header = name.replace(/^RateLimit/, "RateLimit-");
        const value = headers.get(header);
        if (value === null) problems.push(`header ${header} missing`);
        else problems.push(...this.check(`header ${header}`, h.schema, value));
      }
    }
    if (method === "HEAD") return problems;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [...problems, "body is not JSON"];
    }
    const schema = { $ref: "#/components/schemas/Error404" };
    const errors = this.check("unknown path 404", schema, body);
    const code = (body as Json | null)?.error?.code;
    return [...problems, ...errors, ...(code === "not_found" ? [] : [`code ${code}`])];
  }
}
