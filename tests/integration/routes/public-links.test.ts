/**
 * Public links (feeds, OpenAPI `servers`) are built on `PUBLIC_BASE_URL`, or when it is unset on
 * the origin the client asked for (its Host and `X-Forwarded-Proto`), never on the address the
 * server listens on, which is what a route sees as `request.url` under `next start`. Feed entry
 * ids stay the same whatever the origin. The feeds carry the flag as a header too.
 */
import { JSDOM } from "jsdom";
import * as openapi from "@/app/api/openapi.json/route";
import * as atomRoute from "@/app/depegs.atom/route";
import * as jsonRoute from "@/app/depegs.json/route";
import { resetConfigForTests } from "@/lib/config";
import { FEED_EXTENSION_NS } from "@/lib/depegs/feeds";
import { call, json, startHarness, type Harness } from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

const ATOM_NS = "http://www.w3.org/2005/Atom";
/** What `next start -p 3000` puts in `request.url`, whatever the client asked. */
const INTERNAL = "http://localhost:3000";
const CLIENT = { host: "intel.example:8443", "x-forwarded-proto": "https" };
const CLIENT_ORIGIN = "https://intel.example:8443";
const CONFIGURED = "https://stables.example.org";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function atomLinks(text: string) {
  const doc = new new JSDOM().window.DOMParser().parseFromString(text, "application/xml");
  const feed = doc.documentElement;
  const kids = (el: Element, name: string) =>
    [...el.children].filter((c) => c.namespaceURI === ATOM_NS && c.localName === name);
  const entries = kids(feed, "entry");
  return {
    self: kids(feed, "link")
      .find((l) => l.getAttribute("rel") === "self")
      ?.getAttribute("href"),
    entryLinks: entries.map((e) => kids(e, "link")[0]?.getAttribute("href") ?? ""),
    ids: entries.map((e) => kids(e, "id")[0]?.textContent),
    flag: feed.getElementsByTagNameNS(FEED_EXTENSION_NS, "holderAnalyticsSupported")[0]
      ?.textContent,
  };
}

const get = (
  handler: (r: Request) => Promise<Response>,
  path: string,
  headers: Record<string, string> = CLIENT,
) => call(handler, `${INTERNAL}${path}`, { headers });

describe("public links", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", { ...SLOW_MACHINE_ENV, PUBLIC_BASE_URL: undefined });
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  it("feeds link to the origin the client asked, with the flag as element and header", async () => {
    const res = await get(atomRoute.GET, "/depegs.atom");
    expect(res.headers.get("x-holder-analytics-supported")).toBe("false");
    const atom = atomLinks(await res.text());
    expect(atom.self).toBe(`${CLIENT_ORIGIN}/depegs.atom`);
    expect(atom.entryLinks.length).toBeGreaterThan(0);
    for (const link of atom.entryLinks)
      expect(link.startsWith(`${CLIENT_ORIGIN}/stablecoins/`)).toBe(true);
    expect(atom.flag).toBe("false");

    const feed = await json<Body>(await get(jsonRoute.GET, "/depegs.json"));
    expect(feed.feed_url).toBe(`${CLIENT_ORIGIN}/depegs.json`);
    expect(feed.home_page_url).toBe(`${CLIENT_ORIGIN}/depegs`);
    for (const item of feed.items as Body[])
      expect((item.url as string).startsWith(`${CLIENT_ORIGIN}/stablecoins/`)).toBe(true);

    // Another host: other links, the same entry ids.
    const other = atomLinks(
      await (await get(atomRoute.GET, "/depegs.atom", { host: "mirror.example" })).text(),
    );
    expect(other.self).toBe("http://mirror.example/depegs.atom");
    expect(other.ids).toEqual(atom.ids);
  });

  it("the OpenAPI document names the origin each client asked, one after the other", async () => {
    const first = await json<Body>(await get(openapi.GET, "/api/openapi.json"));
    expect(first.servers).toEqual([{ url: CLIENT_ORIGIN, description: expect.any(String) }]);
    // Within the answer memo's second: a client of another host still gets its own origin.
    const second = await json<Body>(
      await get(openapi.GET, "/api/openapi.json", { host: "mirror.example" }),
    );
    expect(second.servers[0].url).toBe("http://mirror.example");
  });

  it("PUBLIC_BASE_URL wins over whatever the request says", async () => {
    process.env.PUBLIC_BASE_URL = CONFIGURED;
    resetConfigForTests();
    try {
      const atom = atomLinks(await (await get(atomRoute.GET, "/depegs.atom")).text());
      expect(atom.self).toBe(`${CONFIGURED}/depegs.atom`);
      for (const link of atom.entryLinks) expect(link.startsWith(`${CONFIGURED}/`)).toBe(true);
      const feed = await json<Body>(await get(jsonRoute.GET, "/depegs.json"));
      expect(feed.feed_url).toBe(`${CONFIGURED}/depegs.json`);
      const doc = await json<Body>(await get(openapi.GET, "/api/openapi.json"));
      expect(doc.servers[0].url).toBe(CONFIGURED);
    } finally {
      delete process.env.PUBLIC_BASE_URL;
      resetConfigForTests();
    }
  });
});
