import {
  EVENT_ENTER_BPS,
  EVENT_ENTER_MIN_MS,
  EVENT_EXIT_BPS,
  EVENT_EXIT_MIN_MS,
  GRANULARITY_HOURLY_MAX_MS,
} from "@/lib/domain/depeg-events";
import { GAP_FACTOR } from "@/lib/domain/depeg";
import {
  CONFIRM_BEYOND_BPS,
  CONFIRM_MIN_CIRCULATING_USD,
  DEPEG_LOG_MIN_CIRCULATING_USD,
  THIN_POOL_MAX_TVL_USD,
} from "@/lib/domain/depeg-confirmation";
import { millis } from "./fmtConst";
import { Formula, MethodSection, Name } from "./MethodSection";

/** The published depeg-event rule (lib/domain/depeg-events.ts). */
export function DepegEventsSection() {
  return (
    <MethodSection id="depeg-events">
      <p>
        Events come from every price series a coin has: the aggregate&apos;s daily prices of every
        stablecoin (one call for the whole market), the market provider&apos;s 90-day (hourly) and
        365-day (daily) series where read, and the DefiLlama coins API&apos;s 90-day hourly series,
        the only history of a coin without a CoinGecko id (keyed by its contract address). The
        market-wide log covers every USD coin (not yield-bearing) of at least{" "}
        {DEPEG_LOG_MIN_CIRCULATING_USD.toLocaleString("en-US")} USD circulating with a price
        history; detection runs over cached series only.
      </p>
      <Formula>{`enter  ${millis(EVENT_ENTER_MIN_MS)} or more of consecutive points all beyond ±${EVENT_ENTER_BPS} bps
       (a single point beyond is a spike, not an event); start = first such point
leave  ${millis(EVENT_EXIT_MIN_MS)} or more of consecutive points all within ±${EVENT_EXIT_BPS} bps
       end = first point of that recovery; points between ${EVENT_EXIT_BPS} and ${EVENT_ENTER_BPS} bps keep the event open
gap    an interval longer than ${GAP_FACTOR} × the median interval; it breaks both runs,
       so an event never ends inside a gap`}</Formula>
      <p>
        An event still open at the last point is <Name>ongoing</Name> (no end). When the series
        begins inside an event, its start is flagged <Name>started_before_series</Name>: the true
        start is at or before it. <strong>Granularity</strong>: a median interval up to{" "}
        {millis(GRANULARITY_HOURLY_MAX_MS)} is hourly, anything coarser daily; daily points miss
        intraday troughs and events shorter than a day. A daily event older than the hourly series
        is listed as daily; where both see an event, the hourly one is listed unless a daily event
        started before the hourly series. A price history that cannot be read leaves that
        coin&apos;s events unknown (&ldquo;history unavailable&rdquo;), never empty.
      </p>
      <p>
        <strong>Confirmation</strong>: on a coin of{" "}
        {CONFIRM_MIN_CIRCULATING_USD.toLocaleString("en-US")} USD or more, an event is{" "}
        <Name>confirmed</Name> only when a second independent source family (aggregate, market
        provider, DEX-implied) is beyond ±{CONFIRM_BEYOND_BPS} bps on the same side within the
        event; otherwise it is listed as <Name>unconfirmed</Name> with the reason (no second source,
        no point within the event, or the second source held). Below that size one source suffices.
        DEX-implied prices only confirm, never open an event, and leave out pools under{" "}
        {THIN_POOL_MAX_TVL_USD.toLocaleString("en-US")} USD of liquidity, so a thin pool off peg
        cannot raise an alarm. Each event names its resolution and its sources.
      </p>
    </MethodSection>
  );
}
