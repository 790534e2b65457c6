import { HOLDER_ANALYTICS_SUPPORTED } from "@/lib/api/response";
import { MethodSection, Name } from "./MethodSection";

/** What the service never does (docs/api.md, docs/route-contract.md). */
export function BoundariesSection() {
  return (
    <MethodSection id="boundaries">
      <p>The service is intelligence-only and read-only.</p>
      <ul className="list-disc space-y-2 pl-5" data-testid="boundaries">
        <li>
          <strong>No holder analytics.</strong> Every API response carries{" "}
          <Name>holderAnalyticsSupported: {String(HOLDER_ANALYTICS_SUPPORTED)}</Name> as a fixed
          invariant; every route, its parameters, errors and caching are in the{" "}
          <a href="/docs/api" className="underline">
            API reference
          </a>
          .
        </li>
        <li>
          <strong>No advice.</strong> Output is informational only and not investment advice. It
          does not start vault enrolment or suggest financial actions. Its peg, concentration,
          liquidity and cross-chain signals are inputs to a separate wallet readiness assessment (a
          testnet vault rehearsal), which is the action layer and lies outside this service. Risk
          scores are historical or point-in-time observations, not predictions of peg stability.
        </li>
        <li>
          <strong>No mint/redeem transaction flow.</strong> The service reports supply change over a
          window only; it never starts or tracks issuer mint/redeem activity.
        </li>
        <li>
          <strong>Public, source-backed labels only.</strong> Attribution uses public labels that
          carry their source; an address without one stays an unlabeled wallet. There is no
          deanonymization.
        </li>
        <li>
          <strong>Solana holder analytics are unsupported.</strong> Aggregate price and volume data
          for Solana-based stablecoins may come from market providers only.
        </li>
        <li>
          <strong>Yield evidence is not wired.</strong> An internal lending-market yield evidence
          layer (supply APY, reward APY, total APY, market TVL) exists but appears in no response,
          score or recommendation. There is no yield ranking, best-rate or projected-return output.
        </li>
      </ul>
    </MethodSection>
  );
}
