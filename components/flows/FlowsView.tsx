import { EmptyState } from "@/components/ui/EmptyState";
import { FlowPanel } from "./FlowPanel";
import { MigrationSankey } from "./MigrationSankey";
import { ProtocolSankey } from "./ProtocolSankey";
import { migrationWindowFor } from "./sankey-data";
import { TransferList } from "./TransferList";
import { DATASET_TITLES, type Dataset, type FlowsBody, type FlowWindow } from "./types";

/** Last scheduled run per dataset; null when the snapshot could not be read. */
export function lastRunsOf(body: FlowsBody | null): Record<Dataset, string | null> {
  const find = (d: Dataset) =>
    body?.metadata.sources.find((s) => s.dataset === d)?.last_updated ?? null;
  return {
    chain_migration: find("chain_migration"),
    protocol_flows: find("protocol_flows"),
    cex_flows: find("cex_flows"),
  };
}

function Unavailable({ dataset }: { dataset: Dataset }) {
  return (
    <EmptyState title="On-chain snapshot unavailable">
      The last scheduled result for {DATASET_TITLES[dataset].toLowerCase()} could not be read, so
      there is nothing to show here. This data is scheduled/cached, never live; the next visit reads
      the cache again.
    </EmptyState>
  );
}

/** The three flow panels for one window. */
export function FlowsView({ body, window }: { body: FlowsBody; window: FlowWindow }) {
  const lastRuns = lastRunsOf(body);
  const migrationWindow = migrationWindowFor(window);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <FlowPanel
          id="chain-migration"
          title={`Chain migration (${migrationWindow})`}
          lastRun={lastRuns.chain_migration}
          description={
            <>
              Bridged stablecoin volume from source chain to destination chain.
              {window === "24h" ? " This query has 7d and 30d windows only; showing 7d." : null}
            </>
          }
        >
          {lastRuns.chain_migration === null ? (
            <Unavailable dataset="chain_migration" />
          ) : (
            <MigrationSankey rows={body.chain_migration} window={migrationWindow} />
          )}
        </FlowPanel>
        <FlowPanel
          id="protocol-flows"
          title={`Flows into yield-bearing protocols (${window})`}
          lastRun={lastRuns.protocol_flows}
          description="Net stablecoin inflow (inflow minus outflow, summed over chains) into lending and savings protocols. Observations only, not a ranking or a yield figure."
        >
          {lastRuns.protocol_flows === null ? (
            <Unavailable dataset="protocol_flows" />
          ) : (
            <ProtocolSankey rows={body.protocol_flows} window={window} />
          )}
        </FlowPanel>
      </div>
      <FlowPanel
        id="cex-transfers"
        title="CEX ↔ unlabeled wallet transfers"
        lastRun={lastRuns.cex_flows}
        description={
          <>
            Large transfers between centralized exchanges and wallets without a public label, as of
            the last scheduled run (not filtered by the window). {body.metadata.label_policy}
          </>
        }
      >
        {lastRuns.cex_flows === null ? (
          <Unavailable dataset="cex_flows" />
        ) : (
          <TransferList rows={body.cex_transfers} total={body.metadata.cex_transfers_total} />
        )}
      </FlowPanel>
    </div>
  );
}
