import { formatPct, formatUsd, signClass } from "@/components/format";
import { Missing } from "./Missing";
import { Panel, Row } from "./Panel";
import { pickSources } from "./Provenance";
import type { RiskBody } from "./types";

const NO_BASELINE = "DefiLlama (aggregate): no circulating figure for the start of this window.";
const TONE = {
  1: "text-emerald-700 dark:text-emerald-300",
  0: "",
  [-1]: "text-red-700 dark:text-red-300",
} as const;

function Change({ usd, pct }: { usd: number | null; pct: number | null }) {
  if (usd === null) return <Missing reason={NO_BASELINE} />;
  return (
    <span className={TONE[signClass(usd)]}>
      {formatUsd(usd, { signed: true })} <span className="font-normal">({formatPct(pct)})</span>
    </span>
  );
}

/** Supply momentum: 24h and 7d net change of circulating supply (not mint/redeem flow). */
export function MomentumPanel({ risk }: { risk: RiskBody }) {
  const m = risk.momentum;
  return (
    <Panel
      id="momentum"
      title="Supply momentum"
      method="momentum"
      description="Net change of circulating supply. Supply change only, not mint/redeem transaction flow."
      sources={pickSources(risk.metadata.sources, [{ name: "DefiLlama", type: "aggregate" }])}
    >
      <dl>
        <Row
          label="Circulating supply"
          hint="DefiLlama, summed over every chain; the market cap (Velocity) is CoinGecko's"
        >
          {m.current_usd === null ? (
            <Missing reason="DefiLlama (aggregate): supply is unavailable." />
          ) : (
            formatUsd(m.current_usd)
          )}
        </Row>
        <Row label="24h change">
          <Change usd={m.change_24h_usd} pct={m.change_24h_pct} />
        </Row>
        <Row label="7d change">
          <Change usd={m.change_7d_usd} pct={m.change_7d_pct} />
        </Row>
      </dl>
    </Panel>
  );
}
