/**
 * The latest depeg events as Atom 1.0 (RFC 4287) and JSON Feed 1.1. Pure builders over a
 * /api/stablecoin-depegs body; every id is stable (`urn:stablecoin-intel:depeg:{event id}`), so a
 * reader sees an event once and an update (an ongoing event ending) as the same entry.
 */
import { assetSegment } from "@/lib/assets/canonical";
import { xmlEscape } from "@/lib/xml";
import type { DepegEventJson } from "./json";

export { xmlEscape };

export const FEED_MAX_ITEMS = 50;
export const FEED_TITLE = "Stablecoin depeg events";
export const FEED_ID = "urn:stablecoin-intel:depegs";
const AUTHOR = "Stablecoin Intelligence (informational only, not advice)";
/**
 * Namespace of the Atom extension element carrying the service's fixed flag
 * (`<si:holderAnalyticsSupported>false</si:holderAnalyticsSupported>`, RFC 4287 §6.4).
 */
export const FEED_EXTENSION_NS = "urn:stablecoin-intel:feed-extension:1";

export interface FeedInput {
  events: readonly DepegEventJson[];
  asOf: string;
  origin: string;
  /** The coin selector of a one-coin feed (its self link keeps it). */
  q?: string;
}

/** Signed bps for feed text (U+2212 minus, like the pages): `−150.0 bps`, `+130.0 bps`. */
export function formatFeedBps(bps: number): string {
  return `${bps < 0 ? "−" : "+"}${Math.abs(bps).toFixed(1)} bps`;
}

export const entryId = (e: DepegEventJson) => `urn:stablecoin-intel:depeg:${e.id}`;
/** The entry changes when the event ends or deepens. */
export const entryUpdated = (e: DepegEventJson) =>
  [e.start, e.worst_at, e.end ?? ""].reduce((a, b) => (b > a ? b : a));

export function entryTitle(e: DepegEventJson): string {
  const side = e.direction === "below" ? "below" : "above";
  const flags = [
    e.ongoing ? "ongoing" : null,
    e.confirmation.status === "unconfirmed" ? "unconfirmed" : null,
  ]
    .filter(Boolean)
    .join(", ");
  return `${e.asset} ${side} peg: worst ${formatFeedBps(e.worst_deviation_bps)}${flags ? ` (${flags})` : ""}`;
}

const REASONS: Readonly<Record<NonNullable<DepegEventJson["confirmation"]["reason"]>, string>> = {
  no_second_source: "no second independent source was available",
  no_points_within_event: "the other sources have no point within the event",
  second_source_holds: "the other sources stayed within ±50 bps",
};

function confirmationText(e: DepegEventJson): string {
  const c = e.confirmation;
  if (c.status === "confirmed") return `Confirmed by ${c.confirmed_by.join(", ")}.`;
  const why = c.reason ? REASONS[c.reason] : "not checked";
  return c.status === "unconfirmed"
    ? `Unconfirmed: ${why}.`
    : `One source (coin under 1 B USD): ${why}.`;
}

const sourcesText = (e: DepegEventJson) =>
  e.sources.map((s) => `${s.name} (${s.type}, ${s.resolution}) as of ${s.as_of}`).join("; ") ||
  "unknown";

export function entryText(e: DepegEventJson): string {
  const end = e.ongoing ? "still ongoing" : `ended ${e.end}`;
  return (
    `${e.asset} traded ${e.direction} 1.00 USD from ${e.start} (${end}); ` +
    `worst ${formatFeedBps(e.worst_deviation_bps)} (${e.worst_price_usd.toFixed(4)} USD) at ${e.worst_at}; ` +
    `${e.duration_hours.toFixed(1)} h, ${e.points} ${e.resolution} points. ` +
    `${confirmationText(e)} Sources: ${sourcesText(e)}. Informational only.`
  );
}

const latest = (events: readonly DepegEventJson[]) => events.slice(0, FEED_MAX_ITEMS);
/** The coin's canonical page (no redirect): the path supply rows and asset links use. */
const coinUrl = (origin: string, e: DepegEventJson) =>
  `${origin}/stablecoins/${assetSegment(e.selector)}`;

const SUBTITLE =
  "Each time a USD stablecoin (1 M USD or more circulating) stayed beyond ±100 bps of 1.00 USD for at least an hour; unconfirmed events are marked. Informational only.";
const selfQuery = (q: string | undefined) => (q ? `?q=${encodeURIComponent(q)}` : "");

export function atomFeed({ events, asOf, origin, q }: FeedInput): string {
  const items = latest(events);
  const updated = items.map(entryUpdated).reduce((a, b) => (b > a ? b : a), asOf);
  const x = xmlEscape;
  const entries = items.map(
    (e) => `  <entry>
    <id>${x(entryId(e))}</id>
    <title>${x(entryTitle(e))}</title>
    <updated>${x(entryUpdated(e))}</updated>
    <published>${x(e.start)}</published>
    <link rel="alternate" type="text/html" href="${x(coinUrl(origin, e))}"/>
    <category term="${x(e.direction)}"/>
    <category term="${x(e.confirmation.status)}"/>
    <summary type="text">${x(entryText(e))}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:si="${FEED_EXTENSION_NS}">
  <id>${x(q ? `${FEED_ID}:${q.toLowerCase()}` : FEED_ID)}</id>
  <title>${x(FEED_TITLE)}</title>
  <subtitle>${x(SUBTITLE)}</subtitle>
  <updated>${x(updated)}</updated>
  <author><name>${x(AUTHOR)}</name></author>
  <link rel="self" type="application/atom+xml" href="${x(`${origin}/depegs.atom${selfQuery(q)}`)}"/>
  <link rel="alternate" type="text/html" href="${x(`${origin}/depegs`)}"/>
  <si:holderAnalyticsSupported>false</si:holderAnalyticsSupported>
${entries.join("\n")}
</feed>
`;
}

export function jsonFeed({ events, origin, q }: FeedInput) {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: FEED_TITLE,
    home_page_url: `${origin}/depegs`,
    feed_url: `${origin}/depegs.json${selfQuery(q)}`,
    description: SUBTITLE,
    authors: [{ name: AUTHOR }],
    language: "en",
    items: latest(events).map((e) => ({
      id: entryId(e),
      url: coinUrl(origin, e),
      title: entryTitle(e),
      content_text: entryText(e),
      date_published: e.start,
      date_modified: entryUpdated(e),
      tags: [e.asset, e.direction, e.resolution, e.confirmation.status],
      _depeg: e,
    })),
    // JSON Feed extensions start with "_"; the service's fixed flag rides in one.
    _stablecoin_intel: { holderAnalyticsSupported: false },
  };
}
