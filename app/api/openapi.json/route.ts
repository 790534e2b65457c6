import { jsonSpecification, publicRoute } from "@/lib/api/response";
import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

/** The document changes only with a deploy: shared caches may keep it an hour (docs/caching.md). */
const DOCUMENT_CACHE_SECONDS = 3600;

/** Always JSON, whatever `Accept` asks for; the flag is the root extension and a header. */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async () =>
  jsonSpecification(openApiDocument(), {
    sMaxAgeSeconds: DOCUMENT_CACHE_SECONDS,
    staleWhileRevalidateSeconds: DOCUMENT_CACHE_SECONDS,
  }),
);
