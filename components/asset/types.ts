/** Response bodies the asset page renders (the public flag is added by the routes). */
import type { ExitCostResponse } from "@/lib/exit-cost/schema";
import type { PegHistoryResponse } from "@/lib/peg-history/schema";
import type { PoolsResponse } from "@/lib/pools/schema";
import type { RiskResponse } from "@/lib/risk/schema";

export type RiskBody = Omit<RiskResponse, "holderAnalyticsSupported">;
export type PoolsBody = Omit<PoolsResponse, "holderAnalyticsSupported">;
export type PegHistoryBody = Omit<PegHistoryResponse, "holderAnalyticsSupported">;
export type DepegStatsBody = RiskBody["depeg"]["7d"];
export type PegWindow = DepegStatsBody["window"];
export type SourceMeta = RiskBody["metadata"]["sources"][number];

export const PEG_WINDOWS: readonly PegWindow[] = ["24h", "7d", "30d"];
export type ExitCostBody = Omit<ExitCostResponse, "holderAnalyticsSupported">;
