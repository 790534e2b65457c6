/**
 * The event log's confirmed events as Atom 1.0 (RFC 4287) and JSON Feed 1.1: pure builders over
 * the /api/stablecoin-events body, shaped like the depeg feeds (lib/depegs/feeds.ts). Every id is
 * stable (`urn:stablecoin-intel:event:{event id}`): an ongoing event that ends is the same entry.
 */
import { assetSegment } from "@/lib/assets/canonical";
import { FEED_EXTENSION_NS, FEED_MAX_ITEMS, formatFeedBps, xmlEscape } from "@/lib/depegs/feeds";
import type { LogEventType } from "@/lib/history/windows";
import type { LogEvent } from "./types";

export const EVENTS_FEED_TITLE = "Stablecoin events";
export const EVENTS_FEED_ID = "urn:stablecoin-intel:events";
const AUTHOR = "Stablecoin Intelligence (informational only, not advice)";
const SUBTITLE =
  "Confirmed events of USD stablecoins: price depegs, and from the service's own history liquidity drains, depegs at size, chain-local depegs and risk score changes. Informational only.";
const PERCENT = 100;

export interface EventsFeedInput {
  events: readonly LogEvent[];
  asOf: string;
  origin: string;
  q?: string;
  type?: LogEventType;
}

const TYPE_LABELS: Readonly<Record<LogEventType, string>> = {
  depeg: "price depeg",
  liquidity_drain: "liquidity drain",
  depeg_at_size: "depeg at size",
  chain_local_depeg: "chain-local depeg",
  risk_score_change: "risk score change",
};

const points = (v: number) => `${v < 0 ? "−" : "+"}${Math.abs(v).toFixed(1)} points`;

function worstText(e: LogEvent): string {
  switch (e.type) {
    case "liquidity_drain":
      return `±2 % depth at ${(e.worst.value * PERCENT).toFixed(0)} % of its 7-day median`;
    case "risk_score_change":
      return `score ${points(e.worst.value)}`;
    case "depeg_at_size":
      return `a 1 M USD sale at ${formatFeedBps(e.worst.value)}`;
    default:
      return `worst ${formatFeedBps(e.worst.value)}`;
  }
}

export const eventEntryId = (e: LogEvent) => `urn:stablecoin-intel:event:${e.id}`;
/** The entry changes when the event ends or deepens. */
export const eventEntryUpdated = (e: LogEvent) =>
  [e.start, e.worst.at, e.end ?? ""].reduce((a, b) => (b > a ? b : a));

export function eventEntryTitle(e: LogEvent): string {
  const where = e.chain ? ` on ${e.chain}` : "";
  return `${e.symbol} ${TYPE_LABELS[e.type]}${where}: ${worstText(e)}${e.ongoing ? " (ongoing)" : ""}`;
}

export function eventEntryText(e: LogEvent): string {
  const end = e.ongoing ? "still ongoing" : `ended ${e.end}`;
  const deltas = (e.component_deltas ?? [])
    .map((d) => `${d.component} ${points(d.delta_points)} (score ${points(d.score_delta_points)})`)
    .join(", ");
  return (
    `${e.symbol} ${TYPE_LABELS[e.type]}${e.chain ? ` on ${e.chain}` : ""} from ${e.start} (${end}); ` +
    `${worstText(e)} at ${e.worst.at}.${deltas ? ` Components: ${deltas}.` : ""} ` +
    `Sources: ${e.sources.join(", ") || "unknown"}. Informational only.`
  );
}

const latest = (events: readonly LogEvent[]) => events.slice(0, FEED_MAX_ITEMS);
const coinUrl = (origin: string, e: LogEvent) =>
  `${origin}/stablecoins/${assetSegment(e.selector)}`;

function selfQuery({ q, type }: Pick<EventsFeedInput, "q" | "type">): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (type) params.set("type", type);
  const s = params.toString();
  return s ? `?${s}` : "";
}

function feedId({ q, type }: Pick<EventsFeedInput, "q" | "type">): string {
  return [EVENTS_FEED_ID, q?.toLowerCase(), type].filter(Boolean).join(":");
}

export function eventsAtomFeed(input: EventsFeedInput): string {
  const { events, asOf, origin } = input;
  const items = latest(events);
  const updated = items.map(eventEntryUpdated).reduce((a, b) => (b > a ? b : a), asOf);
  const x = xmlEscape;
  const entries = items.map(
    (e) => `  <entry>
    <id>${x(eventEntryId(e))}</id>
    <title>${x(eventEntryTitle(e))}</title>
    <updated>${x(eventEntryUpdated(e))}</updated>
    <published>${x(e.start)}</published>
    <link rel="alternate" type="text/html" href="${x(coinUrl(origin, e))}"/>
    <category term="${x(e.type)}"/>
    <summary type="text">${x(eventEntryText(e))}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:si="${FEED_EXTENSION_NS}">
  <id>${x(feedId(input))}</id>
  <title>${x(EVENTS_FEED_TITLE)}</title>
  <subtitle>${x(SUBTITLE)}</subtitle>
  <updated>${x(updated)}</updated>
  <author><name>${x(AUTHOR)}</name></author>
  <link rel="self" type="application/atom+xml" href="${x(`${origin}/events.atom${selfQuery(input)}`)}"/>
  <si:holderAnalyticsSupported>false</si:holderAnalyticsSupported>
${entries.join("\n")}
</feed>
`;
}

export function eventsJsonFeed(input: EventsFeedInput) {
  const { events, origin } = input;
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: EVENTS_FEED_TITLE,
    feed_url: `${origin}/events.json${selfQuery(input)}`,
    description: SUBTITLE,
    authors: [{ name: AUTHOR }],
    language: "en",
    items: latest(events).map((e) => ({
      id: eventEntryId(e),
      url: coinUrl(origin, e),
      title: eventEntryTitle(e),
      content_text: eventEntryText(e),
      date_published: e.start,
      date_modified: eventEntryUpdated(e),
      tags: [e.symbol, e.type, ...(e.chain ? [e.chain] : [])],
      _event: e,
    })),
    // JSON Feed extensions start with "_"; the service's fixed flag rides in one.
    _stablecoin_intel: { holderAnalyticsSupported: false },
  };
}
