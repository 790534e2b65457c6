/**
 * The OpenAPI 3.1 document served at /api/openapi.json and rendered at /docs/api: built once per
 * process from the routes' `RouteDoc`s (./routes) by ./build.ts.
 */
import { buildDocument } from "./build";
import { ROUTE_DOCS } from "./routes";

export { FLAG_EXTENSION, FLAG_HEADER } from "./build";
export { ROUTE_DOCS } from "./routes";
export type { RouteDoc } from "./route-doc";

const SERVER_DESCRIPTION = "This deployment.";

let built: Record<string, unknown> | undefined;

/**
 * The document; with `origin`, its `servers` names that absolute origin (`PUBLIC_BASE_URL`, or
 * the one the client asked), so a client generated from it calls this deployment. Without, the
 * server is relative ("/"): the deployment serving the document.
 */
export function openApiDocument(origin?: string): Record<string, unknown> {
  built ??= buildDocument(ROUTE_DOCS);
  if (origin === undefined) return built;
  return { ...built, servers: [{ url: origin, description: SERVER_DESCRIPTION }] };
}
