import { jsonOk, publicRoute } from "@/lib/api/response";
import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async () =>
  jsonOk(openApiDocument(), {
    degraded: false,
    cache: { sMaxAgeSeconds: 3600, staleWhileRevalidateSeconds: 3600 },
  }),
);
