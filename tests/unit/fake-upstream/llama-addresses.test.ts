/**
 * The fake upstream's coin addresses (issue 26 §2): `/stablecoin/{id}` carries the coin's own
 * `address` in DefiLlama's format, and `/prices/current` answers the `<chain>:<address>` key the
 * service builds from it, deterministically, for the full world's coins without a CoinGecko id.
 */
import { llamaAddressCoinKey } from "@/lib/domain/coin-keys";
import { llamaAddress } from "@/tests/fake-upstream/data/llama-addresses";
import { llamaStablecoins } from "@/tests/fake-upstream/data/samples";
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { getJson, NOW, type Json } from "./harness";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream({ now: () => NOW, market: "full" });
});
afterAll(async () => {
  await fake.close();
});

const withoutGeckoId = () => llamaStablecoins("full").peggedAssets.filter((a) => !a.gecko_id);

describe("fake upstream: coin addresses", () => {
  it("most coins without a CoinGecko id have an address the service can key; some cannot", () => {
    const assets = withoutGeckoId();
    expect(assets.length).toBeGreaterThanOrEqual(80);
    const keys = assets.map((a) => llamaAddressCoinKey(llamaAddress(a)));
    expect(keys.filter((k) => k !== null).length).toBeGreaterThanOrEqual(60);
    // Unmappable (Cardano policy id) and absent addresses stay in the world on purpose.
    expect(assets.some((a) => llamaAddress(a)?.startsWith("cardano:"))).toBe(true);
    expect(assets.some((a) => llamaAddress(a) === null)).toBe(true);
    expect(keys.some((k) => k?.startsWith("ethereum:0x"))).toBe(true);
    expect(keys.some((k) => k?.startsWith("avax:0x"))).toBe(true);
    // Deterministic: the same address every time.
    expect(assets.map((a) => llamaAddress(a))).toEqual(assets.map((a) => llamaAddress(a)));
  });

  it("/stablecoin/{id} carries the address; /prices/current prices its key", async () => {
    const flex = withoutGeckoId().find((a) => a.symbol === "FLEXUSD")!;
    const detail = await getJson<Json>(
      `${fake.baseUrls.STABLECOINS_API_URL}/stablecoin/${flex.id}`,
    );
    expect(detail.status).toBe(200);
    const key = llamaAddressCoinKey(detail.body.address as string)!;
    expect(key).toMatch(/^ethereum:0x[0-9a-f]{40}$/);
    const usdt = await getJson<Json>(`${fake.baseUrls.STABLECOINS_API_URL}/stablecoin/1`);
    expect(usdt.body.address).toBe("0xdac17f958d2ee523a2206206994597c13d831ec7");

    const keyed = withoutGeckoId()
      .map((a) => ({ a, key: llamaAddressCoinKey(llamaAddress(a)) }))
      .filter((x): x is { a: (typeof x)["a"]; key: string } => x.key !== null);
    const url = `${fake.baseUrls.DEFILLAMA_COINS_API_URL}/prices/current/${keyed.map((x) => x.key).join(",")},ethereum:0x${"0".repeat(40)}`;
    const first = await getJson<{ coins: Record<string, Json> }>(url);
    const again = await getJson<{ coins: Record<string, Json> }>(url);
    expect(again.body).toEqual(first.body);
    // Every keyed coin with an aggregate price is priced near it; unknown addresses are absent.
    for (const { a, key } of keyed) {
      const entry = first.body.coins[key];
      if (a.price === null || a.price <= 0) expect(entry).toBeUndefined();
      else {
        expect([key, typeof entry?.price]).toEqual([key, "number"]);
        expect(Math.abs((entry!.price as number) / a.price - 1)).toBeLessThan(5e-4);
        expect(entry!.symbol).toBe(a.symbol);
      }
    }
    expect(first.body.coins[`ethereum:0x${"0".repeat(40)}`]).toBeUndefined();
    // Keys are echoed verbatim (any case of the address still finds the coin).
    const upper = `ethereum:${key.slice("ethereum:".length).toUpperCase().replace("0X", "0x")}`;
    const mixed = await getJson<{ coins: Record<string, Json> }>(
      `${fake.baseUrls.DEFILLAMA_COINS_API_URL}/prices/current/${upper}`,
    );
    expect(Object.keys(mixed.body.coins)).toEqual([upper]);
  });
});
