import { formatUsd, formatUsdFull } from "@/components/format";
import { DEPTH_BAND } from "@/lib/domain/depth";
import { Missing } from "./Missing";
import { pegHoldText } from "./exit-cost-view";
import { Panel, Row } from "./Panel";
import { pickSources } from "./Provenance";
import { formatShare } from "./fmt";
import type { RiskBody } from "./types";

const BAND = `±${DEPTH_BAND * 100}%`;

function Usd({ value, reason }: { value: number | null; reason: string }) {
  if (value === null) return <Missing reason={reason} />;
  return <span title={`${formatUsdFull(value)} USD`}>{formatUsd(value)}</span>;
}

/** An unmeasured total: said in words, with the reason, never shown as $0. */
function NotMeasured({ reason }: { reason: string }) {
  return (
    <span className="text-right">
      <span
        className="font-medium text-slate-700 dark:text-slate-200"
        data-testid="depth-not-measured"
      >
        Not measured
      </span>
      <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{reason}</span>
    </span>
  );
}

/** Stacked CEX / DEX bar; decorative, the numbers are in the list. */
function SplitBar({ cex, dex }: { cex: number | null; dex: number | null }) {
  const total = (cex ?? 0) + (dex ?? 0);
  if (!(total > 0)) return null;
  const cexPct = ((cex ?? 0) / total) * 100;
  return (
    <div
      aria-hidden="true"
      className="flex h-2 w-full overflow-hidden rounded bg-slate-100 dark:bg-slate-800"
    >
      <div className="bg-sky-500" style={{ width: `${cexPct}%` }} />
      <div className="bg-violet-500" style={{ width: `${100 - cexPct}%` }} />
    </div>
  );
}

/** Liquidity depth within ±2 %: CEX order books, modelled DEX pools, and the DEX pair split. */
export function DepthPanel({ risk }: { risk: RiskBody }) {
  const d = risk.depth;
  return (
    <Panel
      id="depth"
      title={`Liquidity depth (${BAND})`}
      method="depth"
      description={`USD needed to move the price ${BAND}: centralized order books plus modelled DEX pools.`}
      sources={pickSources(risk.metadata.sources, [
        { name: "CoinGecko", type: "market" },
        { name: "DexScreener", type: "liquidity" },
      ])}
    >
      <dl>
        <Row label={`Total ${BAND} depth`}>
          {d.total_2pct_usd === null ? (
            <NotMeasured reason={d.not_measured_reason ?? "No venue reported depth."} />
          ) : (
            <Usd value={d.total_2pct_usd} reason="" />
          )}
        </Row>
        <Row
          label={
            <>
              <span
                aria-hidden="true"
                className="mr-1.5 inline-block h-2 w-2 rounded-sm bg-sky-500"
              />
              CEX order books
            </>
          }
        >
          <Usd
            value={d.cex_2pct_usd}
            reason="CoinGecko (market): order-book depth is unavailable."
          />
        </Row>
        <Row
          label={
            <>
              <span
                aria-hidden="true"
                className="mr-1.5 inline-block h-2 w-2 rounded-sm bg-violet-500"
              />
              DEX pools (modelled)
            </>
          }
        >
          <Usd value={d.dex_2pct_usd} reason="DexScreener (liquidity): pool data is unavailable." />
        </Row>
      </dl>
      <SplitBar cex={d.cex_2pct_usd} dex={d.dex_2pct_usd} />
      <dl>
        <Row label="DEX stable↔stable pairs">
          <Usd
            value={d.dex_stable_stable_usd}
            reason="DexScreener (liquidity): pool data is unavailable."
          />
        </Row>
        <Row label="DEX stable↔volatile pairs">
          <Usd
            value={d.dex_stable_volatile_usd}
            reason="DexScreener (liquidity): pool data is unavailable."
          />
        </Row>
        <Row
          label="Holds its peg (measured exit)"
          hint={`best exit within ${risk.exit_cost.peg_threshold_bps} bps of $1.00 up to this size`}
        >
          <span data-testid="risk-peg-hold">{pegHoldText(risk.exit_cost)}</span>
        </Row>
        <Row
          label="Depth ÷ market cap"
          hint="the risk score's liquidity model where exit cost at $1M is not measured"
        >
          {d.depth_to_market_cap === null ? (
            <Missing reason="Depth or market cap is unavailable." />
          ) : (
            formatShare(d.depth_to_market_cap, 3)
          )}
        </Row>
      </dl>
    </Panel>
  );
}
