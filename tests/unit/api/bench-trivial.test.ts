import { GET } from "@/app/api/bench-trivial/route";
import { trivialFor } from "@/scripts/bench/load";

const get = (query: string) => GET(new Request(`http://localhost/api/bench-trivial${query}`));

describe("/api/bench-trivial (bench baseline)", () => {
  const before = process.env.BENCH_TRIVIAL_ROUTE;
  afterEach(() => {
    if (before === undefined) delete process.env.BENCH_TRIVIAL_ROUTE;
    else process.env.BENCH_TRIVIAL_ROUTE = before;
  });

  it("is a 404 unless the bench turns it on", async () => {
    delete process.env.BENCH_TRIVIAL_ROUTE;
    const res = await get("?bytes=100");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });

  it.each([100, 251_287])("answers exactly %i bytes, ASCII or two-byte (&wide=1)", async (n) => {
    process.env.BENCH_TRIVIAL_ROUTE = "1";
    const ascii = await (await get(`?bytes=${n}`)).text();
    const wide = await (await get(`?bytes=${n}&wide=1`)).text();
    expect(Buffer.byteLength(ascii)).toBe(n);
    expect(Buffer.byteLength(wide)).toBe(n);
    expect(ascii).toMatch(/^[\x20-\x7e]+$/);
    expect(wide).toMatch(/[\u0100-\uffff]/);
    expect(JSON.parse(wide)).toEqual({ pad: expect.any(String) });
  });

  it("answers the same bytes encoded once (&encoded=1), as a cached page goes out", async () => {
    process.env.BENCH_TRIVIAL_ROUTE = "1";
    for (const q of ["?bytes=251287", "?bytes=251287&wide=1"]) {
      const text = await (await get(q)).text();
      const bytes = Buffer.from(await (await get(`${q}&encoded=1`)).arrayBuffer());
      expect(bytes.length).toBe(251_287);
      expect(bytes.toString("utf8")).toBe(text);
    }
  });

  it("asks for the body class of what it is compared with", () => {
    expect(trivialFor("a \u2264 b", { encoded: true }).path).toBe(
      "/api/bench-trivial?bytes=7&wide=1&encoded=1",
    );
    expect(trivialFor("plain ascii").path).toBe("/api/bench-trivial?bytes=11");
    expect(trivialFor("caf\u00e9").path).toBe("/api/bench-trivial?bytes=5");
    expect(trivialFor("a \u2264 b").path).toBe("/api/bench-trivial?bytes=7&wide=1");
  });
});
