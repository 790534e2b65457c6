import {
  DuneKeyMissingError,
  fetchLatestResults,
  normaliseDuneTimestamp,
  ProviderError,
  ProviderInputError,
} from "@/lib/providers";
import {
  pointProvidersAt,
  rejectionOf,
  sampleText,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./helpers";

const READ_KEY = "dune-read-only-key-abc123";
const QUERY_ID = "1215383";

let server: FakeServer;
let restoreEnv: () => void;

async function setup(env: Record<string, string | undefined> = { DUNE_API_KEY: READ_KEY }) {
  server = await startFakeServer();
  restoreEnv = pointProvidersAt(server.baseUrl, env);
}

afterEach(async () => {
  restoreEnv();
  await server.close();
});

function page(
  executionId: string,
  rows: Record<string, unknown>[],
  nextOffset?: number,
  total = 5,
) {
  return {
    execution_id: executionId,
    query_id: Number(QUERY_ID),
    state: "QUERY_STATE_COMPLETED",
    execution_ended_at: "2024-03-11 00:00:00.000 UTC",
    ...(nextOffset === undefined
      ? {}
      : {
          next_offset: nextOffset,
          next_uri: `/api/v1/query/${QUERY_ID}/results?offset=${nextOffset}`,
        }),
    result: {
      rows,
      metadata: { column_names: ["n"], row_count: rows.length, total_row_count: total },
    },
  };
}

/** Serves rows 0..total-1 in pages of `limit`, honouring `offset`. */
function servePaged(total: number, executionIdFor: (offset: number) => string = () => "01HX") {
  server.setHandler((_req, res, request) => {
    const limit = Number(request.query.get("limit"));
    const offset = Number(request.query.get("offset"));
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      n: offset + i,
    }));
    const next = offset + limit < total ? offset + limit : undefined;
    sendJson(res, page(executionIdFor(offset), rows, next, total));
  });
}

describe("fetchLatestResults", () => {
  it("throws DuneKeyMissingError without a key and makes no request", async () => {
    await setup({ DUNE_API_KEY: undefined });
    const error = await rejectionOf(fetchLatestResults(QUERY_ID));
    expect(error).toBeInstanceOf(DuneKeyMissingError);
    expect(server.requests).toHaveLength(0);
  });

  it("parses the recorded results sample; key only in the X-Dune-API-Key header", async () => {
    await setup();
    server.setHandler((_req, res) => sendJson(res, sampleText("dune-query-results.json")));
    const result = await fetchLatestResults(QUERY_ID);
    expect(result).toEqual({
      queryId: QUERY_ID,
      executionId: "01HTX4625Y4PA8CHCZWSB5NA0F",
      state: "QUERY_STATE_COMPLETED",
      executionEndedAt: "2024-04-07T20:32:19.553Z",
      rows: [
        {
          date_field: "2022-05-04 00:00:00.000",
          list_field: "Option 1",
          number_field: "3.1415926535",
          text_field: "Plain Text",
        },
      ],
      totalRowCount: 1,
      truncated: false,
    });
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.pathname).toBe(`/query/${QUERY_ID}/results`);
    expect(request?.query.get("limit")).toBe("1000");
    expect(request?.query.get("offset")).toBe("0");
    expect(request?.headers["x-dune-api-key"]).toBe(READ_KEY);
    expect(request?.url).not.toContain(READ_KEY);
    expect(request?.query.has("api_key")).toBe(false);
  });

  it("accepts the execution-results example shape too", async () => {
    await setup();
    server.setHandler((_req, res) => sendJson(res, sampleText("dune-execution-results.json")));
    const result = await fetchLatestResults("980708");
    expect(result).toMatchObject({
      executionEndedAt: "2022-08-29T06:36:41.588Z",
      totalRowCount: 8,
    });
    expect(result.rows).toHaveLength(8);
  });

  it("follows next_offset and concatenates rows", async () => {
    await setup();
    servePaged(5);
    const result = await fetchLatestResults(QUERY_ID, { limit: 2 });
    expect(server.requests.map((r) => r.query.get("offset"))).toEqual(["0", "2", "4"]);
    expect(result.rows.map((r) => r.n)).toEqual([0, 1, 2, 3, 4]);
    expect(result).toMatchObject({
      totalRowCount: 5,
      truncated: false,
      executionEndedAt: "2024-03-11T00:00:00.000Z",
    });
  });

  it("stops at the page cap and says so", async () => {
    await setup();
    servePaged(5);
    const result = await fetchLatestResults(QUERY_ID, { limit: 2, maxPages: 2 });
    expect(server.requests).toHaveLength(2);
    expect(result.rows).toHaveLength(4);
    expect(result.truncated).toBe(true);
  });

  it("fails when a newer run replaces the result between pages", async () => {
    await setup();
    servePaged(5, (offset) => (offset === 0 ? "01HX-old" : "01HX-new"));
    expect(await rejectionOf(fetchLatestResults(QUERY_ID, { limit: 2 }))).toMatchObject({
      kind: "schema",
    });
  });

  it("maps 'No execution found' to a distinguishable http 404", async () => {
    await setup();
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("dune-error-404-no-execution.json"), 404),
    );
    const error = await rejectionOf(fetchLatestResults(QUERY_ID));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: "http",
      status: 404,
      provider: "dune",
      endpoint: "/query/{query_id}/results",
    });
    expect((error as Error).message).not.toContain(READ_KEY);
    expect((error as Error).message).not.toContain(QUERY_ID);
  });

  it("maps an invalid key (401) to http without echoing the key", async () => {
    await setup();
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("dune-error-401-invalid-api-key.json"), 401),
    );
    const error = await rejectionOf(fetchLatestResults(QUERY_ID));
    expect(error).toMatchObject({ kind: "http", status: 401 });
    expect(JSON.stringify(error)).not.toContain(READ_KEY);
    expect(String(error)).not.toContain(READ_KEY);
  });

  it("rejects bodies that are not a finished result as schema", async () => {
    await setup();
    for (const sample of [
      "dune-execution-status-executing.json",
      "dune-execute-response.json",
      "dune-cancel-response.json",
    ]) {
      server.setHandler((_req, res) => sendJson(res, sampleText(sample)));
      expect(await rejectionOf(fetchLatestResults(QUERY_ID))).toMatchObject({ kind: "schema" });
    }
  });

  it("refuses non-numeric query ids and bad paging options before any request", async () => {
    await setup();
    for (const id of ["abc", "1/../2", "", "12345678901234"]) {
      await expect(fetchLatestResults(id)).rejects.toBeInstanceOf(ProviderInputError);
    }
    await expect(fetchLatestResults(QUERY_ID, { limit: 0 })).rejects.toBeInstanceOf(
      ProviderInputError,
    );
    await expect(fetchLatestResults(QUERY_ID, { maxPages: 1.5 })).rejects.toBeInstanceOf(
      ProviderInputError,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("normaliseDuneTimestamp", () => {
  it.each([
    ["2024-04-07T20:32:19.553232Z", "2024-04-07T20:32:19.553Z"],
    ["2022-10-07T10:53:20.729372559Z", "2022-10-07T10:53:20.729Z"],
    ["2022-08-29T06:33:24.9Z", "2022-08-29T06:33:24.900Z"],
    ["2024-03-11 00:00:00.000 UTC", "2024-03-11T00:00:00.000Z"],
    ["2022-05-04 00:00:00.000", "2022-05-04T00:00:00.000Z"],
    ["1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"],
    ["2024-03-11T02:00:00+02:00", "2024-03-11T00:00:00.000Z"],
    ["2024-03-11T02:00:00+0200", "2024-03-11T00:00:00.000Z"],
  ])("%s → %s", (input, expected) => {
    expect(normaliseDuneTimestamp(input)).toBe(expected);
  });

  it.each(["", "yesterday", "2024-13-45 00:00:00", "1710115200"])("rejects %p", (input) => {
    expect(normaliseDuneTimestamp(input)).toBeNull();
  });
});
