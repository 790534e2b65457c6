/**
 * Reading and decoding an upstream body under a byte cap. Failures are `CallFailure`s carrying
 * only a kind and a short reason; `providerGet` turns them into `ProviderError`s.
 */
import type { z } from "zod";
import type { ProviderErrorKind } from "./errors";
import type { CallDeadline } from "@/lib/abort";

const MAX_ISSUE_PATH_CHARS = 80;

export class CallFailure extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly reason: string,
  ) {
    super(reason);
    this.name = "CallFailure";
  }
}

function declaredLength(res: Response): number | undefined {
  const raw = res.headers.get("content-length");
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/**
 * Reads the whole body, counting bytes as they arrive. Refuses early when `content-length`
 * already exceeds the cap, and stops the transfer as soon as the count does.
 */
export async function readBodyCapped(
  res: Response,
  maxBytes: number,
  deadline: CallDeadline,
): Promise<Uint8Array> {
  const declared = declaredLength(res);
  if (declared !== undefined && declared > maxBytes) {
    deadline.discard();
    throw new CallFailure(
      "too_large",
      `response of ${declared} bytes exceeds the ${maxBytes}-byte cap`,
    );
  }
  if (res.body === null) return new Uint8Array(0);

  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await deadline.race(reader.read());
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      deadline.discard();
      throw new CallFailure("too_large", `response exceeds the ${maxBytes}-byte cap`);
    }
    chunks.push(value);
  }
  // The stream can end early when the call was aborted meanwhile: never treat that as a body.
  if (deadline.cause !== undefined) throw new Error("aborted");

  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "response failed validation";
  const path = issue.path.map(String).join(".").slice(0, MAX_ISSUE_PATH_CHARS);
  return `response failed validation at ${path || "(root)"} (${issue.code})`;
}

/** UTF-8 → JSON → zod. Both a JSON syntax error and a shape mismatch are `schema` failures. */
export function decodeJson<S extends z.ZodType>(bytes: Uint8Array, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8").decode(bytes));
  } catch {
    throw new CallFailure("schema", "response is not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new CallFailure("schema", describeIssue(parsed.error));
  return parsed.data;
}
