import {
  EVENT_ENTER_BPS,
  EVENT_ENTER_MIN_MS,
  EVENT_EXIT_BPS,
  EVENT_EXIT_MIN_MS,
  GRANULARITY_HOURLY_MAX_MS,
} from "@/lib/domain/depeg-events";
import { GAP_FACTOR } from "@/lib/domain/depeg";
import { millis } from "./fmtConst";
import { Formula, MethodSection, Name } from "./MethodSection";

/** The published depeg-event rule (lib/domain/depeg-events.ts). */
export function DepegEventsSection() {
  return (
    <MethodSection id="depeg-events">
      <p>
        Events come from the market provider&apos;s price history: the 90-day series (hourly points)
        and, for the 1-year view, the 365-day series (daily points). Detection runs over cached
        series only.
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
    </MethodSection>
  );
}
