import type { FlowsResponse } from "@/lib/flows/schema";

/** The flows body as getFlows returns it (the API adds `holderAnalyticsSupported`). */
export type FlowsBody = Omit<FlowsResponse, "holderAnalyticsSupported">;
export type ProtocolFlow = FlowsBody["protocol_flows"][number];
export type CexTransfer = FlowsBody["cex_transfers"][number];
export type MigrationRow = FlowsBody["chain_migration"][number];
export type Party = CexTransfer["from"];
export type Dataset = FlowsBody["metadata"]["sources"][number]["dataset"];

/** Windows of the protocol-flow query; chain migration has 7d and 30d only. */
export type FlowWindow = ProtocolFlow["window"];
export type MigrationWindow = MigrationRow["window"];

export const DATASET_TITLES: Readonly<Record<Dataset, string>> = {
  chain_migration: "Chain migration",
  protocol_flows: "Protocol flows",
  cex_flows: "CEX ↔ unlabeled transfers",
};

/** Shown in every panel: the provider and its kind. */
export const FLOW_SOURCE = { name: "Dune", type: "on-chain-scheduled" } as const;
