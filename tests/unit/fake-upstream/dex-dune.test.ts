import {
  CEX_FLOW_ROW_COUNT,
  DEMO_DUNE_QUERY_IDS,
  DEMO_REPEATED_WALLETS,
  DEX_QUIRKS,
  duneExecutionEndedAt,
  startFakeUpstream,
  type FakeUpstream,
} from "@/tests/fake-upstream/server";
import { DUNE_KEY, getJson, NOW, type Json, type Pair } from "./harness";

let fake: FakeUpstream;
let B: FakeUpstream["baseUrls"];

beforeAll(async () => {
  fake = await startFakeUpstream({ now: () => NOW });
  B = fake.baseUrls;
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.resetScenarios();
  fake.clearRequests();
});

describe("fake upstream: DexScreener data", () => {
  it("mixes v3, curve and volatile pools with the token as base and as quote", async () => {
    const { body } = await getJson<Pair[]>(
      `${B.DEXSCREENER_API_URL}/token-pairs/v1/ethereum/0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48`,
    );
    expect(
      body.some(
        (p) => p.dexId === "uniswap" && p.labels?.includes("v3") && p.baseToken.symbol === "USDC",
      ),
    ).toBe(true);
    expect(body.some((p) => p.dexId === "curve" && p.quoteToken.symbol === "USDC")).toBe(true);
    const weth = body.find((p) => p.labels?.includes("v2") && p.baseToken.symbol === "WETH");
    expect(Number(weth?.priceUsd)).toBeGreaterThan(2000);
  });

  it("has the 2.15 B outlier on arbitrum USDC, a liquidity-less pool on base USDC, [] for unknown tokens", async () => {
    const o = DEX_QUIRKS.outlierPool;
    const arb = await getJson<Pair[]>(
      `${B.DEXSCREENER_API_URL}/token-pairs/v1/${o.chainId}/${o.tokenAddress}`,
    );
    expect(arb.body.find((p) => p.pairAddress === o.pairAddress)?.liquidity?.usd).toBe(
      2_156_237_649.52,
    );
    const n = DEX_QUIRKS.noLiquidityPool;
    const base = await getJson<Pair[]>(
      `${B.DEXSCREENER_API_URL}/token-pairs/v1/${n.chainId}/${n.tokenAddress}`,
    );
    const pool = base.body.find((p) => p.pairAddress === n.pairAddress);
    expect(pool).toBeDefined();
    expect(pool && "liquidity" in pool).toBe(false);
    expect(
      (await getJson(`${B.DEXSCREENER_API_URL}/token-pairs/v1/ethereum/0x${"1".repeat(40)}`)).body,
    ).toEqual([]);
  });
});

describe("fake upstream: Dune data", () => {
  const url = (q: string, qs = "") => `${B.DUNE_API_URL}/query/${q}/results${qs}`;
  type Envelope = {
    query_id: number;
    state: string;
    execution_ended_at: string;
    next_offset?: number;
    next_uri?: string;
    result: {
      rows: Json[];
      metadata: { column_names: string[]; row_count: number; total_row_count: number };
    };
  };

  it("requires x-dune-api-key and 404s unknown queries with the sample body", async () => {
    const noKey = await getJson(url(DEMO_DUNE_QUERY_IDS.DUNE_QUERY_SUPPLY_BY_CHAIN));
    expect(noKey).toEqual({ status: 401, body: { error: "invalid API Key" } });
    expect(await getJson(url("123"), DUNE_KEY)).toEqual({
      status: 404,
      body: { error: "not found: Query not found or private" },
    });
  });

  it("returns the row-schema columns for each demo query", async () => {
    const columns: Record<string, string[]> = {
      [DEMO_DUNE_QUERY_IDS.DUNE_QUERY_SUPPLY_BY_CHAIN]: ["token_symbol", "blockchain", "supply"],
      [DEMO_DUNE_QUERY_IDS.DUNE_QUERY_CEX_FLOWS]: [
        "block_time",
        "blockchain",
        "token_symbol",
        "amount_usd",
        "from_address",
        "to_address",
        "from_label",
        "to_label",
        "label_source",
        "direction",
        "tx_hash",
      ],
      [DEMO_DUNE_QUERY_IDS.DUNE_QUERY_PROTOCOL_FLOWS]: [
        "token_symbol",
        "protocol",
        "blockchain",
        "window",
        "inflow_usd",
        "outflow_usd",
        "net_flow_usd",
        "is_yield_bearing",
      ],
      [DEMO_DUNE_QUERY_IDS.DUNE_QUERY_CHAIN_MIGRATION]: [
        "token_symbol",
        "source_chain",
        "destination_chain",
        "window",
        "amount_usd",
      ],
      [DEMO_DUNE_QUERY_IDS.DUNE_QUERY_ISSUER_EXPOSURE]: [
        "token_symbol",
        "issuer",
        "blockchain",
        "entity_label",
        "entity_address",
        "label_source",
        "balance",
        "total_supply",
      ],
    };
    for (const [q, cols] of Object.entries(columns)) {
      const { body } = await getJson<Envelope>(url(q), DUNE_KEY);
      expect(body.state).toBe("QUERY_STATE_COMPLETED");
      expect(body.query_id).toBe(Number(q));
      expect(
        body.execution_ended_at.startsWith(
          new Date(duneExecutionEndedAt(NOW)).toISOString().slice(0, 19),
        ),
      ).toBe(true);
      expect(body.result.metadata.column_names).toEqual(cols);
      expect(body.result.rows.length).toBeGreaterThan(0);
      for (const row of body.result.rows) expect(Object.keys(row).sort()).toEqual([...cols].sort());
      expect(
        body.result.rows.some((r) =>
          Object.values(r).some((v) => typeof v === "string" && /^-?\d+\.\d+$/.test(v)),
        ),
      ).toBe(true);
    }
  });

  it("paginates cex_flows with limit/offset and next_offset", async () => {
    const q = DEMO_DUNE_QUERY_IDS.DUNE_QUERY_CEX_FLOWS;
    const p1 = (await getJson<Envelope>(url(q, "?limit=100&offset=0"), DUNE_KEY)).body;
    expect(p1.result.rows).toHaveLength(100);
    expect(p1.result.metadata.total_row_count).toBe(CEX_FLOW_ROW_COUNT);
    expect(p1.next_offset).toBe(100);
    expect(p1.next_uri).toMatch(/\/execution\/[0-9A-Z]{26}\/results\?limit=100&offset=100$/);
    const p2 = (await getJson<Envelope>(url(q, `?limit=100&offset=${p1.next_offset}`), DUNE_KEY))
      .body;
    expect(p2.result.rows).toHaveLength(CEX_FLOW_ROW_COUNT - 100);
    expect(p2.next_offset).toBeUndefined();
    const rows = [...p1.result.rows, ...p2.result.rows];
    expect(new Set(rows.map((r) => r.tx_hash)).size).toBe(CEX_FLOW_ROW_COUNT);
    for (const r of rows) {
      expect(r.block_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.000 UTC$/);
      expect(Number(r.amount_usd)).toBeGreaterThanOrEqual(1_000_000);
    }
    for (const w of DEMO_REPEATED_WALLETS) {
      const mine = rows.filter((r) => r.from_address === w || r.to_address === w);
      expect(mine.length).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(rows.map((r) => r.direction))).toEqual(
      new Set(["cex_to_unlabeled", "unlabeled_to_cex"]),
    );
  });
});
