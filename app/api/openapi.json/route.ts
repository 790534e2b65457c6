import { jsonSpecification, publicRoute } from "@/lib/api/response";
import { openApiDocument } from "@/lib/api/openapi";
import { publicOrigin } from "@/lib/api/origin";

export const dynamic = "force-dynamic";

/** The document changes only with a deploy: shared caches may keep it an hour (docs/caching.md). */
const DOCUMENT_CACHE_SECONDS = 3600;

/**
 * Always JSON, whatever `Accept` asks for; the flag is the root extension and a header. `servers`
 * names the public origin (`PUBLIC_BASE_URL`, else the host the client asked).
 */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async (request) =>
  jsonSpecification(openApiDocument(publicOrigin(request)), {
    sMaxAgeSeconds: DOCUMENT_CACHE_SECONDS,
    staleWhileRevalidateSeconds: DOCUMENT_CACHE_SECONDS,
  }),
);
