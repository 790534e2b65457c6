/**
 * Whether a parsed JSON answer carries the `holderAnalyticsSupported: false` invariant: in the
 * body for every data answer, as the root extension `x-holder-analytics-supported: false` for
 * the OpenAPI document's 200, which is a specification rather than a data body (docs/api.md).
 */
export const DOCUMENT_PATH = "/api/openapi.json";

export function carriesFlag(path: string, status: number, body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const fields = body as Record<string, unknown>;
  if (path.split("?")[0] === DOCUMENT_PATH && status === 200)
    return (
      fields["x-holder-analytics-supported"] === false && !("holderAnalyticsSupported" in fields)
    );
  return fields.holderAnalyticsSupported === false;
}
