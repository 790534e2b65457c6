import { publicOrigin, requestOrigin } from "@/lib/api/origin";
import { resetConfigForTests } from "@/lib/config";

/** As `next start` hands a request to a route: its own address in the URL, the client's Host. */
const INTERNAL = "http://localhost:3000/depegs.atom";
const req = (headers: Record<string, string>) => new Request(INTERNAL, { headers });

describe("public origin of links", () => {
  const before = process.env.PUBLIC_BASE_URL;
  afterEach(() => {
    if (before === undefined) delete process.env.PUBLIC_BASE_URL;
    else process.env.PUBLIC_BASE_URL = before;
    resetConfigForTests();
  });

  it("is the client's Host and scheme, never the server's own address", () => {
    expect(requestOrigin(req({ host: "intel.example.com" }))).toBe("http://intel.example.com");
    expect(
      requestOrigin(req({ host: "Intel.Example.com:8443", "x-forwarded-proto": "https" })),
    ).toBe("https://intel.example.com:8443");
    // A proxy chain lists the client-facing hop first.
    expect(requestOrigin(req({ host: "[::1]:3000", "x-forwarded-proto": "https, http" }))).toBe(
      "https://[::1]:3000",
    );
  });

  it("ignores a malformed Host or scheme", () => {
    expect(requestOrigin(req({ host: "evil.example/<x>" }))).toBe("http://localhost:3000");
    expect(requestOrigin(req({ host: "a@b.example" }))).toBe("http://localhost:3000");
    expect(requestOrigin(req({ host: "x.example", "x-forwarded-proto": "javascript" }))).toBe(
      "http://x.example",
    );
    expect(requestOrigin(new Request(INTERNAL))).toBe("http://localhost:3000");
  });

  it("is PUBLIC_BASE_URL whenever that is set", () => {
    process.env.PUBLIC_BASE_URL = "https://stables.example.org/";
    resetConfigForTests();
    expect(publicOrigin(req({ host: "other.example", "x-forwarded-proto": "http" }))).toBe(
      "https://stables.example.org",
    );
    delete process.env.PUBLIC_BASE_URL;
    resetConfigForTests();
    expect(publicOrigin(req({ host: "other.example" }))).toBe("http://other.example");
  });
});
