/** @jest-environment jsdom */
import { atomFeed, FEED_EXTENSION_NS, jsonFeed, xmlEscape } from "@/lib/depegs/feeds";
import type { DepegEventJson } from "@/lib/depegs/json";

const HOSTILE = `USD+ (x)<script>alert("1")</script>&'\u0001`;

const event: DepegEventJson = {
  id: "evil:hourly:20250301T000000Z",
  asset: HOSTILE,
  coingecko_id: "evil",
  defillama_id: "999",
  selector: "usd+",
  start: "2025-03-01T00:00:00.000Z",
  end: null,
  ongoing: true,
  started_before_series: false,
  direction: "below",
  worst_deviation_bps: -150,
  worst_price_usd: 0.985,
  worst_at: "2025-03-01T02:00:00.000Z",
  duration_hours: 5,
  points: 6,
  gaps: 0,
  granularity: "hourly",
  resolution: "hourly",
  confirmation: { status: "unconfirmed", reason: "second_source_holds", confirmed_by: [] },
  sources: [
    {
      name: "CoinGecko",
      type: "market",
      series: "x",
      resolution: "hourly",
      role: "opened",
      as_of: "2025-03-01T05:00:00.000Z",
    },
  ],
};

describe("feed builders", () => {
  it("escapes hostile text so the XML parses and round-trips it as text", () => {
    expect(xmlEscape(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    const xml = atomFeed({ events: [event], asOf: event.worst_at, origin: "https://x.test" });
    expect(xml).not.toContain("<script>");
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    const title = doc.getElementsByTagName("entry")[0]?.getElementsByTagName("title")[0];
    expect(title?.textContent).toContain(`USD+ (x)<script>alert("1")</script>&'`);
    expect(doc.getElementsByTagName("updated")[0]?.textContent).toBe(event.worst_at);
  });

  it("marks ongoing events and keeps the id stable as the event deepens or ends", () => {
    const feed = jsonFeed({ events: [event], asOf: event.worst_at, origin: "https://x.test" });
    expect(feed.items[0]?.title).toMatch(/ongoing/);
    const ended = { ...event, end: "2025-03-01T06:00:00.000Z", ongoing: false };
    const later = jsonFeed({ events: [ended], asOf: ended.end, origin: "https://x.test" });
    expect(later.items[0]?.id).toBe(feed.items[0]?.id);
    expect(later.items[0]?.date_modified).toBe(ended.end);
  });

  it("carries the flag as a namespaced Atom extension element of the feed", () => {
    const xml = atomFeed({ events: [event], asOf: event.worst_at, origin: "https://x.test" });
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    const flags = doc.getElementsByTagNameNS(FEED_EXTENSION_NS, "holderAnalyticsSupported");
    expect(flags).toHaveLength(1);
    expect(flags[0]?.parentNode).toBe(doc.documentElement);
    expect(flags[0]?.textContent).toBe("false");
    expect(FEED_EXTENSION_NS).not.toBe("http://www.w3.org/2005/Atom");
  });

  it("builds every link on the given origin; ids do not depend on it", () => {
    const a = jsonFeed({ events: [event], asOf: event.worst_at, origin: "https://a.test" });
    const b = jsonFeed({ events: [event], asOf: event.worst_at, origin: "https://b.test:8443" });
    expect(b.feed_url).toBe("https://b.test:8443/depegs.json");
    expect(b.home_page_url).toBe("https://b.test:8443/depegs");
    // The coin's canonical page: its selector, encoded as asset links encode it (`+` → `%2B`).
    expect(b.items[0]?.url).toBe("https://b.test:8443/stablecoins/usd%2B");
    expect(b.items[0]?.id).toBe(a.items[0]?.id);
    const xml = atomFeed({ events: [event], asOf: event.worst_at, origin: "https://b.test:8443" });
    expect(xml).toContain(
      '<link rel="self" type="application/atom+xml" href="https://b.test:8443/depegs.atom"/>',
    );
  });
});
