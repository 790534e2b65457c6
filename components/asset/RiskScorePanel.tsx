import { Missing } from "./Missing";
import { Panel } from "./Panel";
import { pickSources } from "./Provenance";
import type { RiskBody } from "./types";

type Component = RiskBody["risk_score"]["components"][number];

const NAMES: Readonly<Record<Component["name"], string>> = {
  transparency: "Collateral transparency",
  liquidity: "Liquidity depth",
  pegStability: "Historical peg stability (30d)",
};
const MISSING_REASON: Readonly<Record<Component["name"], string>> = {
  transparency: "No public reserve-reporting facts are on file for this asset.",
  liquidity: "Depth or market cap is unavailable.",
  pegStability: "CoinGecko (market): no 30d price history.",
};

const weight = (w: number) => w.toFixed(2);

function ComponentCard({ c }: { c: Component }) {
  return (
    <li
      className="space-y-1.5 rounded-md border border-slate-200 p-3 dark:border-slate-800"
      data-testid="risk-component"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-sm font-semibold">{NAMES[c.name]}</h3>
        <span className="tabular text-sm font-semibold">
          {c.value === null ? (
            <Missing reason={MISSING_REASON[c.name]} />
          ) : (
            `${c.value.toFixed(1)} / 100 points`
          )}
        </span>
      </div>
      {c.value !== null ? (
        <div aria-hidden="true" className="h-1.5 rounded bg-slate-100 dark:bg-slate-800">
          <div
            className="h-1.5 rounded bg-emerald-500"
            style={{ width: `${Math.min(100, Math.max(0, c.value))}%` }}
          />
        </div>
      ) : null}
      <p className="tabular text-xs text-slate-600 dark:text-slate-300">
        Weight {weight(c.weight)}
        {c.value === null ? " · unknown, scored as 0 (the weakest known value)" : ""}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{c.method}</p>
    </li>
  );
}

/** The 0–100 risk score (higher = lower observed risk), each component with its weights and method. */
export function RiskScorePanel({ risk }: { risk: RiskBody }) {
  const r = risk.risk_score;
  return (
    <Panel
      id="risk-score"
      title="Risk score"
      method="risk-score"
      sources={pickSources(risk.metadata.sources, [
        { name: "CoinGecko", type: "market" },
        { name: "DexScreener", type: "liquidity" },
      ])}
      className="md:col-span-2"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="tabular text-3xl font-semibold" data-testid="risk-score">
          {r.score === null ? (
            <Missing reason="No component of the score has data." />
          ) : (
            <>
              {r.score.toFixed(1)}
              <span className="text-base font-normal text-slate-500 dark:text-slate-400">
                {" "}
                / 100
              </span>
            </>
          )}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-300">{r.scale}</span>
      </div>
      <p className="tabular text-xs text-slate-600 dark:text-slate-300" data-testid="risk-coverage">
        Coverage {Math.round(r.coverage * 100)} % of the weight measured
      </p>
      {r.missing.length > 0 ? (
        <p className="text-xs text-amber-800 dark:text-amber-300">
          Unknown components (each scored 0, so an unknown never lifts the score):{" "}
          {r.missing.join(", ")}
        </p>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-3">
        {r.components.map((c) => (
          <ComponentCard key={c.name} c={c} />
        ))}
      </ul>
      {r.transparency_source ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Transparency facts from the issuer&apos;s public page:{" "}
          <a
            href={r.transparency_source}
            rel="noopener noreferrer"
            target="_blank"
            className="break-all text-sky-700 underline dark:text-sky-400"
          >
            {r.transparency_source}
          </a>
        </p>
      ) : null}
      <p
        className="text-xs font-medium text-slate-700 dark:text-slate-200"
        data-testid="risk-disclaimer"
      >
        {r.disclaimer}
      </p>
    </Panel>
  );
}
