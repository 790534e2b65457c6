import { formatUsd } from "@/components/format";
import { VELOCITY_ACTIVE_MIN, VELOCITY_PARKED_MAX } from "@/lib/domain/velocity";
import { Missing } from "./Missing";
import { Panel, Row } from "./Panel";
import { pickSources } from "./Provenance";
import { formatShare } from "./fmt";
import type { RiskBody } from "./types";

const MARKET_DOWN = "CoinGecko (market): 24h volume or market cap is unavailable.";
const LABEL_TEXT = {
  parked: "Parked: capital mostly sits idle",
  moderate: "Moderate",
  active: "Active: capital trades often",
  unknown: "Unknown",
};

/**
 * Why the market cap is not the circulating supply of "Supply momentum": the market provider
 * multiplies its price by the supply it counts; the aggregate sums the supply on every chain.
 */
function marketCapHint(source: RiskBody["velocity"]["market_cap_source"]): string | undefined {
  if (source === "market")
    return "CoinGecko: its price × the supply it counts; DefiLlama's circulating supply (Supply momentum) counts each token on every chain as $1";
  if (source === "aggregate") return "DefiLlama circulating supply (CoinGecko has none)";
  return undefined;
}

/** Velocity = 24h volume ÷ market cap, with its parked / moderate / active label. */
export function VelocityPanel({ risk }: { risk: RiskBody }) {
  const v = risk.velocity;
  return (
    <Panel
      id="velocity"
      title="Velocity"
      method="velocity"
      description={`24h volume ÷ market cap. Below ${formatShare(VELOCITY_PARKED_MAX, 0)} a day is parked, above ${formatShare(VELOCITY_ACTIVE_MIN, 0)} is active.`}
      sources={pickSources(risk.metadata.sources, [{ name: "CoinGecko", type: "market" }])}
    >
      <dl>
        <Row label="Velocity (per day)">
          {v.value === null ? (
            <Missing reason={MARKET_DOWN} />
          ) : (
            <>
              {v.value.toFixed(3)}×{" "}
              <span className="font-normal text-slate-500 dark:text-slate-400">
                ({formatShare(v.value, 1)})
              </span>
            </>
          )}
        </Row>
        <Row label="Label">
          <span data-testid="velocity-label">{LABEL_TEXT[v.label]}</span>
        </Row>
        <Row label="24h volume">
          {v.volume_24h_usd === null ? (
            <Missing reason={MARKET_DOWN} />
          ) : (
            formatUsd(v.volume_24h_usd)
          )}
        </Row>
        <Row label="Market cap" hint={marketCapHint(v.market_cap_source)}>
          {v.market_cap_usd === null ? (
            <Missing reason={MARKET_DOWN} />
          ) : (
            formatUsd(v.market_cap_usd)
          )}
        </Row>
      </dl>
    </Panel>
  );
}
