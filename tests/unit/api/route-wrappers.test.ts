/**
 * Whatever fails inside the route wrappers (the handler, the answer memo, the ETag layer), the
 * client gets the JSON 500 with the flag: never a stack, never Next's own error answer.
 */
import { publicRoute } from "@/lib/api/route";
import { clearResponseMemo } from "@/lib/api/response-memo";

const URL_ = "http://localhost/api/x";
const SECRET_DETAIL = "at secretFunction (/srv/app/lib/x.ts:1:1) key=abc";

async function expectJson500(res: Response) {
  expect(res.status).toBe(500);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const text = await res.text();
  expect(JSON.parse(text)).toEqual({
    error: { code: "internal_error", message: expect.any(String) },
    holderAnalyticsSupported: false,
  });
  expect(text).not.toContain("secretFunction");
}

/** A cacheable 200 whose body fails when read (a stream that errors). */
function failingBody(): Response {
  const body = new ReadableStream({
    pull(controller) {
      controller.error(new Error(SECRET_DETAIL));
    },
  });
  return new Response(body, { headers: { "Cache-Control": "public, s-maxage=60" } });
}

describe("publicRoute: failures anywhere are JSON 500s", () => {
  let errorLog: jest.SpyInstance;
  beforeEach(() => {
    clearResponseMemo();
    errorLog = jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => errorLog.mockRestore());

  it("the handler throwing", async () => {
    const r = publicRoute(async () => {
      throw new Error(SECRET_DETAIL);
    });
    await expectJson500(await r.GET(new Request(URL_)));
    expect((await r.HEAD(new Request(URL_))).status).toBe(500);
  });

  it("the answer memo failing (its clock throws)", async () => {
    const r = publicRoute(async () => Response.json({ ok: true }), {
      now: () => {
        throw new Error(SECRET_DETAIL);
      },
    });
    await expectJson500(await r.GET(new Request(URL_)));
    expect((await r.HEAD(new Request(URL_))).status).toBe(500);
  });

  it("the ETag layer failing to read the body", async () => {
    const r = publicRoute(async () => failingBody());
    await expectJson500(await r.GET(new Request(URL_)));
  });
});
