import Ajv2020 from "ajv/dist/2020";
import { openApiDocument } from "@/lib/api/openapi";

/** Validate a real response body against the served OpenAPI document. */
export function validateAgainstOpenApi(pathName: string, status: number, body: unknown): string[] {
  const doc = openApiDocument() as {
    paths: Record<
      string,
      {
        get: {
          responses: Record<string, { content: { "application/json": { schema: unknown } } }>;
        };
      }
    >;
    components: { schemas: Record<string, unknown> };
  };
  const response = doc.paths[pathName]?.get.responses[String(status)];
  if (!response) return [`no ${status} response documented for ${pathName}`];
  let schema = response.content["application/json"].schema as Record<string, unknown>;
  if (typeof schema.$ref === "string")
    schema = doc.components.schemas[schema.$ref.split("/").pop() ?? ""] as Record<string, unknown>;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
