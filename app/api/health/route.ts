import { jsonOk, publicRoute } from "@/lib/api/response";
import { healthReport } from "@/lib/health";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async () =>
  jsonOk(await healthReport(), { cache: null, degraded: false }),
);
