/**
 * /depegs.atom, /depegs.json, /events.atom and /events.json against their formats: the Atom document is parsed by a real XML
 * parser (jsdom's, strict) and checked for RFC 4287's required elements; the JSON Feed is checked
 * with a JSON Schema of version 1.1's required and typed fields.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { JSDOM } from "jsdom";
import * as atomRoute from "@/app/depegs.atom/route";
import * as jsonRoute from "@/app/depegs.json/route";
import * as eventsAtomRoute from "@/app/events.atom/route";
import * as eventsJsonRoute from "@/app/events.json/route";
import { call, forgetProcessState, json, startHarness, type Harness } from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

const ATOM_NS = "http://www.w3.org/2005/Atom";
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function parseXml(text: string): Document {
  const doc = new new JSDOM().window.DOMParser().parseFromString(text, "application/xml");
  const error = doc.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

/** RFC 4287 §4.1: what every feed and entry must carry. */
function atomProblems(doc: Document): string[] {
  const out: string[] = [];
  const feed = doc.documentElement;
  if (feed.namespaceURI !== ATOM_NS || feed.localName !== "feed") out.push("root is not atom:feed");
  const kids = (el: Element, name: string) =>
    [...el.children].filter((c) => c.namespaceURI === ATOM_NS && c.localName === name);
  const one = (el: Element, name: string, where: string) => {
    const n = kids(el, name).length;
    if (n !== 1) out.push(`${where}: ${n} atom:${name}`);
    return kids(el, name)[0];
  };
  for (const name of ["id", "title", "updated"]) one(feed, name, "feed");
  if (!RFC3339.test(kids(feed, "updated")[0]?.textContent ?? "")) out.push("feed: updated");
  const feedAuthor = kids(feed, "author").length > 0;
  for (const [i, entry] of kids(feed, "entry").entries()) {
    const where = `entry ${i}`;
    for (const name of ["id", "title", "updated"]) one(entry, name, where);
    if (!RFC3339.test(kids(entry, "updated")[0]?.textContent ?? "")) out.push(`${where}: updated`);
    if (!feedAuthor && kids(entry, "author").length === 0) out.push(`${where}: no author`);
    const alt = kids(entry, "link").filter(
      (l) => (l.getAttribute("rel") ?? "alternate") === "alternate",
    );
    if (alt.length === 0 && kids(entry, "content").length === 0) out.push(`${where}: no link`);
    if (!/^[a-z][a-z0-9+.-]*:/i.test(kids(entry, "id")[0]?.textContent ?? ""))
      out.push(`${where}: id not an IRI`);
  }
  return out;
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1): required and typed top-level and item fields. */
const JSON_FEED_SCHEMA = {
  type: "object",
  required: ["version", "title", "items"],
  properties: {
    version: { const: "https://jsonfeed.org/version/1.1" },
    title: { type: "string" },
    home_page_url: { type: "string", format: "uri" },
    feed_url: { type: "string", format: "uri" },
    description: { type: "string" },
    authors: { type: "array", items: { type: "object", properties: { name: { type: "string" } } } },
    language: { type: "string" },
    items: {
      type: "array",
      items: {
        type: "object",
        required: ["id"],
        anyOf: [{ required: ["content_html"] }, { required: ["content_text"] }],
        properties: {
          id: { type: "string" },
          url: { type: "string", format: "uri" },
          title: { type: "string" },
          content_text: { type: "string" },
          date_published: { type: "string", format: "date-time" },
          date_modified: { type: "string", format: "date-time" },
          tags: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
  // Extensions must start with "_" followed by a letter.
  propertyNames: {
    anyOf: [
      {
        enum: [
          "version",
          "title",
          "home_page_url",
          "feed_url",
          "description",
          "user_comment",
          "next_url",
          "icon",
          "favicon",
          "authors",
          "language",
          "expired",
          "hubs",
          "items",
        ],
      },
      { pattern: "^_[A-Za-z]" },
    ],
  },
};

describe("depeg feeds", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", SLOW_MACHINE_ENV);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  it("/depegs.atom is well-formed Atom 1.0 with stable entry ids, cacheable", async () => {
    const res = await call(atomRoute.GET, "/depegs.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    const doc = parseXml(await res.text());
    expect(atomProblems(doc)).toEqual([]);
    const ids = [...doc.getElementsByTagNameNS(ATOM_NS, "entry")].map(
      (e) => e.getElementsByTagNameNS(ATOM_NS, "id")[0]?.textContent,
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^urn:stablecoin-intel:depeg:paypal-usd:daily:\d{8}T\d{6}Z$/);
    // Unconfirmed events stay in the feed, marked.
    const terms = [...doc.getElementsByTagNameNS(ATOM_NS, "category")].map((c) =>
      c.getAttribute("term"),
    );
    expect(terms).toContain("unconfirmed");
    forgetProcessState();
    const again = parseXml(await (await call(atomRoute.GET, "/depegs.atom")).text());
    expect(
      [...again.getElementsByTagNameNS(ATOM_NS, "entry")].map(
        (e) => e.getElementsByTagNameNS(ATOM_NS, "id")[0]?.textContent,
      ),
    ).toEqual(ids);
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const cond = await call(atomRoute.GET, "/depegs.atom", { headers: { "if-none-match": etag! } });
    expect(cond.status).toBe(304);
  });

  it("/depegs.json is a valid JSON Feed 1.1 with the same ids", async () => {
    const res = await call(jsonRoute.GET, "/depegs.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/feed\+json/);
    const feed = await json<Record<string, any>>(res); // eslint-disable-line @typescript-eslint/no-explicit-any
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON_FEED_SCHEMA);
    expect(validate(feed) ? [] : validate.errors).toEqual([]);
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0].id).toMatch(/^urn:stablecoin-intel:depeg:paypal-usd:/);
    expect(feed.items[0].title).toMatch(/\(unconfirmed\)$/);
    expect(feed.items[0].tags).toContain("unconfirmed");
    expect(feed._stablecoin_intel.holderAnalyticsSupported).toBe(false);
  });

  it("stays a valid, uncached feed when the price history is down; writes answer 405", async () => {
    h.fake.setScenario("defillama", "503", { match: "stablecoinprices" });
    const res = await call(atomRoute.GET, "/depegs.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(atomProblems(parseXml(await res.text()))).toEqual([]);
    h.fake.resetScenarios();
    const post = await jsonRoute.POST();
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("gives one coin's feed with q; an unknown coin is a 404 JSON error, a bad one 400", async () => {
    const res = await call(jsonRoute.GET, "/depegs.json?q=ethena-usde");
    expect(res.status).toBe(200);
    const feed = await json<Record<string, any>>(res); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(feed.items.map((i: { _depeg: { asset: string } }) => i._depeg.asset)).toEqual(["USDe"]);
    expect(feed.feed_url).toBe("http://localhost/depegs.json?q=ethena-usde");
    // With q the market provider is read too: USDe's event is confirmed.
    expect(feed.items[0]._depeg.confirmation.status).toBe("confirmed");
    const atom = await call(atomRoute.GET, "/depegs.atom?q=USDC");
    expect(atom.status).toBe(200);
    const doc = parseXml(await atom.text());
    expect(atomProblems(doc)).toEqual([]);
    expect(doc.getElementsByTagNameNS(ATOM_NS, "id")[0]?.textContent).toBe(
      "urn:stablecoin-intel:depegs:usdc",
    );
    const unknown = await call(atomRoute.GET, "/depegs.atom?q=nope-coin");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await json<Record<string, any>>(unknown); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(body.error.code).toBe("unknown_asset");
    expect(body.holderAnalyticsSupported).toBe(false);
    expect((await call(jsonRoute.GET, "/depegs.json?q=usd%20c")).status).toBe(400);
  });
});

type Feed = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("event feeds", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", SLOW_MACHINE_ENV);
  });
  afterAll(async () => {
    await h.close();
  });

  const entryIds = (doc: Document) =>
    [...doc.getElementsByTagNameNS(ATOM_NS, "entry")].map(
      (e) => e.getElementsByTagNameNS(ATOM_NS, "id")[0]?.textContent,
    );

  it("/events.atom is well-formed Atom 1.0 of confirmed events only, stable ids", async () => {
    const res = await call(eventsAtomRoute.GET, "/events.atom");
    expect(res.status).toBe(200);
    const market = parseXml(await res.text());
    expect(atomProblems(market)).toEqual([]);
    // Across the market the depeg log's events are unconfirmed (one source): none in the feed.
    expect(entryIds(market)).toEqual([]);
    // With q the market provider confirms USDe's depeg: it is an entry.
    const one = parseXml(
      await (await call(eventsAtomRoute.GET, "/events.atom?q=ethena-usde")).text(),
    );
    expect(atomProblems(one)).toEqual([]);
    const ids = entryIds(one);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^urn:stablecoin-intel:event:depeg:ethena-usde:/);
  });

  it("/events.json is a valid JSON Feed 1.1; type filters it", async () => {
    const feed = await json<Feed>(await call(eventsJsonRoute.GET, "/events.json?q=ethena-usde"));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON_FEED_SCHEMA);
    expect(validate(feed) ? [] : validate.errors).toEqual([]);
    expect(feed.items.map((i: Feed) => [i._event.type, i._event.confirmed])).toEqual([
      ["depeg", true],
    ]);
    const drains = await json<Feed>(
      await call(eventsJsonRoute.GET, "/events.json?q=ethena-usde&type=liquidity_drain"),
    );
    expect(drains.items).toEqual([]);
    expect(drains.feed_url).toBe("http://localhost/events.json?q=ethena-usde&type=liquidity_drain");
  });
});
