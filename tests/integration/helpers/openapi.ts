import Ajv2020 from "ajv/dist/2020";
import { openApiDocument } from "@/lib/api/openapi";

type Doc = {
  paths: Record<
    string,
    { get: { responses: Record<string, { content?: Record<string, { schema: object }> }> } }
  >;
  components: Record<string, unknown>;
};

/** The documented schema of one response, with the document's components beside it for `$ref`s. */
export function documentedSchema(pathName: string, status: number): object | null {
  const doc = openApiDocument() as unknown as Doc;
  const content = doc.paths[pathName]?.get.responses[String(status)]?.content;
  const schema = content?.["application/json"]?.schema;
  return schema ? { ...schema, components: doc.components } : null;
}

/** Validate a real response body against the served OpenAPI document. */
export function validateAgainstOpenApi(pathName: string, status: number, body: unknown): string[] {
  const schema = documentedSchema(pathName, status);
  if (!schema) return [`no ${status} JSON response documented for ${pathName}`];
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
