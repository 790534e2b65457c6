import { jsonOk, publicRoute } from "@/lib/api/response";
import { healthReport } from "@/lib/health";

export const dynamic = "force-dynamic";

/** Its own allowance per client: a monitor's probe is not starved by the same client's API use. */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async () => jsonOk(await healthReport(), { cache: null, degraded: false }),
  { limit: "health" },
);
