import { ENTER_RUN_SAMPLES, EXIT_RUN_SAMPLES } from "@/lib/domain/history-events-core";
import {
  DRAIN_BASELINE_MIN_SAMPLES,
  DRAIN_BASELINE_WINDOW_MS,
  DRAIN_CONFIRM_MIN_VENUES,
  DRAIN_ENTER_RATIO,
  DRAIN_EXIT_RATIO,
} from "@/lib/domain/liquidity-drain";
import {
  CHAIN_LOCAL_COIN_WITHIN_BPS,
  CHAIN_LOCAL_ENTER_BPS,
  CHAIN_LOCAL_EXIT_BPS,
  DEPEG_AT_SIZE_ENTER_BPS,
  DEPEG_AT_SIZE_EXIT_BPS,
} from "@/lib/domain/peg-at-size-events";
import { RISK_CHANGE_MIN_POINTS, RISK_CHANGE_WINDOW_MS } from "@/lib/domain/risk-score-change";
import { DAILY_RETENTION_MS, RAW_RETENTION_MS } from "@/lib/history/keys";
import { millis, pct } from "./fmtConst";
import { Formula, MethodSection, Name } from "./MethodSection";

/** The own history and the rules of the events raised from it (lib/domain, docs/history.md). */
export function HistoryEventsSection() {
  return (
    <MethodSection id="history-events">
      <p>
        The service samples each coin above a size floor at a fixed interval: price, ±2 % depth (CEX
        and DEX parts, each venue&apos;s), exit cost of a $100K, $1M and $10M sale (best route), the
        executable price of a $1M sale, each chain&apos;s chain-local peg and the risk score with
        its components. Samples are kept for {millis(RAW_RETENTION_MS)}, then one row a UTC day
        (minimum, median, maximum) for {millis(DAILY_RETENTION_MS)}. Its history starts at its first
        sample and <strong>cannot be backfilled</strong>; every chart and answer says when it
        starts. A measurement that is missing is a gap (null): never 0, never carried forward, never
        interpolated.
      </p>
      <p>
        Every rule opens an event after {ENTER_RUN_SAMPLES} consecutive samples past its entry
        threshold (start = the first of them) and ends it after {EXIT_RUN_SAMPLES} consecutive
        samples back past its exit threshold (end = the first of those); a sample between the two
        keeps the event as it is, and a gap breaks both runs, so a source that stopped answering
        neither opens nor ends an event.
      </p>
      <Formula>{`liquidity_drain    depth_2pct_usd below ${pct(DRAIN_ENTER_RATIO)} of its trailing ${millis(DRAIN_BASELINE_WINDOW_MS)} median
                   (at least ${DRAIN_BASELINE_MIN_SAMPLES} samples); ends above ${pct(DRAIN_EXIT_RATIO)} of it
                   confirmed only when ${DRAIN_CONFIRM_MIN_VENUES} or more independent venues (exchanges, DEX chains)
                   each fell to ${pct(DRAIN_ENTER_RATIO)} of their own median
depeg_at_size      the executable price of a $1M sale beyond ${DEPEG_AT_SIZE_ENTER_BPS} bps from 1.00 USD;
                   ends within ${DEPEG_AT_SIZE_EXIT_BPS} bps (raised even with the mid price at par)
chain_local_depeg  a chain's chain-local peg beyond ${CHAIN_LOCAL_ENTER_BPS} bps while the coin's price is
                   within ${CHAIN_LOCAL_COIN_WITHIN_BPS} bps; ends within ${CHAIN_LOCAL_EXIT_BPS} bps; names the chain
risk_score_change  the risk score moves by ${RISK_CHANGE_MIN_POINTS} points or more within ${millis(RISK_CHANGE_WINDOW_MS)};
                   lists each component's delta and what it moved the score by`}</Formula>
      <p>
        Each event has its <Name>type</Name>, the coin, the chain where it has one,{" "}
        <Name>start</Name>, <Name>end</Name> (none while <Name>ongoing</Name>), the worst value,{" "}
        <Name>confirmed</Name> and its sources. An unconfirmed drain (one venue fell) is listed in
        the log but left out of the feeds. The price depeg events keep their own rule (above) and
        join the same log as <Name>depeg</Name>. Every constant is in the table below.
      </p>
    </MethodSection>
  );
}
