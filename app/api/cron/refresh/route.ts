import { cronMethodNotAllowed, cronRefresh } from "@/lib/api/cron";
import { safeHandler } from "@/lib/api/route";

export const dynamic = "force-dynamic";
/** Vercel: a pass stops starting work after 45 s (lib/refresh/constants.ts). */
export const maxDuration = 60;

const reject = async () => cronMethodNotAllowed();

export const GET = safeHandler(cronRefresh);
export {
  reject as HEAD,
  reject as OPTIONS,
  reject as POST,
  reject as PUT,
  reject as PATCH,
  reject as DELETE,
};
