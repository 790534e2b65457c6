/**
 * @jest-environment jsdom
 *
 * The chain page's coins table: the same cells and text as before, with each cell's phone label
 * and alignment set once on the table body (per cell they were most of the page's bytes), and the
 * split and peg lines as one text node each (fewer DOM nodes to build and hydrate per row).
 */
import { render, screen } from "@testing-library/react";
import { ChainCoinsTable } from "@/components/chains/ChainCoinsTable";
import type { ChainCoinRecord } from "@/lib/chains/schema";

const COIN: ChainCoinRecord = {
  id: "5",
  symbol: "DAI",
  name: "Dai",
  selector: "dai",
  circulating_usd: 22_014_229,
  dominance_pct: 0.49,
  change_7d_pct: -0.45,
  native_usd: 20_000_000,
  bridged_usd: 2_014_229,
  bridged_share: 0.0915,
  bridges: [
    { name: "Arbitrum Bridge", source_chain: "ethereum" },
    { name: "Arbitrum Bridge", source_chain: "base" },
  ],
  chain_local_peg: {
    price_usd: 0.968,
    deviation_bps: -319.8,
    pools: 3,
    tvl_usd: 4.3e6,
    pools_excluded: 1,
  },
};
const UNMEASURED: ChainCoinRecord = {
  ...COIN,
  id: "6",
  symbol: "USX",
  selector: "usx",
  native_usd: null,
  bridged_usd: null,
  bridged_share: null,
  bridges: [],
  chain_local_peg: null,
};
const FLAG = {
  code: "chain_local_depeg" as const,
  chain: "arbitrum",
  asset: "DAI",
  deviation_bps: -319.8,
  aggregate_deviation_bps: 2,
};

function renderTable() {
  render(<ChainCoinsTable chainName="Arbitrum" coins={[COIN, UNMEASURED]} flags={[FLAG]} />);
  return screen.getByTestId("chain-coins-table");
}

it("labels every body cell by its column and marks the numeric ones", () => {
  const table = renderTable();
  const cells = [...table.querySelectorAll("tbody tr")[0]!.querySelectorAll("td")];
  expect(cells.map((c) => c.dataset.label)).toEqual([
    "Supply on chain",
    "Dominance",
    "7d",
    "Native vs bridged",
    "Chain-local peg",
  ]);
  expect(cells.map((c) => c.hasAttribute("data-numeric"))).toEqual([
    true,
    true,
    true,
    false,
    false,
  ]);
  expect(cells[0]!.title).toBe("$22,014,229");
});

it("sets the phone label and alignment styling once on the body, not per cell", () => {
  const table = renderTable();
  const body = table.querySelector("tbody")!;
  expect(body.className).toContain("max-sm:[&>tr>td]:before:content-[attr(data-label)]");
  expect(body.className).toContain("[&>tr>td[data-numeric]]:text-right");
  for (const cell of table.querySelectorAll("tbody td")) {
    expect(cell.className).not.toContain("before:");
    expect(cell.className).toMatch(/^max-sm:col-span-[236]$/);
  }
});

it("writes the split and the peg each as one text node, with the same text", () => {
  const table = renderTable();
  const [dai, usx] = [...table.querySelectorAll("tbody tr")];
  const split = dai!.querySelector('td[data-label="Native vs bridged"] p')!;
  expect(split.childNodes).toHaveLength(1);
  expect(split.textContent).toBe("Native $20.0M (91%) · bridged $2.0M via Arbitrum Bridge");
  const peg = dai!.querySelector('td[data-label="Chain-local peg"]')!;
  const [price, pools] = [...peg.querySelectorAll(":scope > span > span")];
  expect(price!.firstChild!.textContent).toBe("$0.9680 (−319.8 bps)");
  expect(price!.textContent).toContain("chain-local depeg");
  expect(pools!.childNodes).toHaveLength(1);
  expect(pools!.textContent).toBe("3 pools, $4.3M TVL");
  // Unknown stays unknown: never drawn as all-native or a $1.00 peg.
  expect(usx!.textContent).toContain("not measured");
  expect(usx!.textContent).toContain("no pools read");
});
