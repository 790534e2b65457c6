/**
 * The OpenAPI 3.1 document served at /api/openapi.json and rendered at /docs/api: built once per
 * process from the routes' `RouteDoc`s (./routes) by ./build.ts.
 */
import { buildDocument } from "./build";
import { ROUTE_DOCS } from "./routes";

export { FLAG_EXTENSION, FLAG_HEADER } from "./build";
export { ROUTE_DOCS } from "./routes";
export type { RouteDoc } from "./route-doc";

let built: Record<string, unknown> | undefined;

export function openApiDocument(): Record<string, unknown> {
  built ??= buildDocument(ROUTE_DOCS);
  return built;
}
