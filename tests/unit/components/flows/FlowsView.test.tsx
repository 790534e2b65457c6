/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { FlowsView } from "@/components/flows/FlowsView";
import type { SankeyData } from "@/components/flows/sankey-data";
import { TransferList } from "@/components/flows/TransferList";
import { BODY, WALLET_B } from "./fixtures";

const sankeyProps: Array<{ data: Omit<SankeyData, "total">; ariaLabel: string; animate: boolean }> =
  [];
jest.mock("@nivo/sankey", () => ({
  ResponsiveSankey: (props: {
    data: Omit<SankeyData, "total">;
    ariaLabel: string;
    animate: boolean;
  }): ReactNode => {
    sankeyProps.push(props);
    return <svg data-testid="sankey-stub" role="img" aria-label={props.ariaLabel} />;
  },
}));

beforeEach(() => {
  sankeyProps.length = 0;
});

describe("FlowsView", () => {
  it("renders both Sankeys (not animated) with their sources and table alternatives", async () => {
    render(<FlowsView body={BODY} window="7d" />);
    const charts = await screen.findAllByTestId("sankey-stub");
    expect(charts).toHaveLength(2);
    const migration = sankeyProps.find((p) => p.ariaLabel.includes("chain migration"))!;
    expect(migration.animate).toBe(false);
    expect(migration.data.links).toHaveLength(3);
    const ids = new Set(migration.data.nodes.map((n) => n.id));
    for (const l of migration.data.links) expect(ids.has(l.source) && ids.has(l.target)).toBe(true);
    expect(screen.getAllByText("scheduled/cached")).toHaveLength(3);
    expect(screen.getAllByText(/last run/)).toHaveLength(3);
    expect(screen.getAllByText("2025-06-01 04:00 UTC")).toHaveLength(3);
    expect(screen.getAllByRole("link", { name: /^Sources/ })[0]!.getAttribute("href")).toBe(
      "/methodology#sources",
    );
    const alt = screen.getByRole("table", { name: /chain migration/ });
    expect(within(alt).getAllByRole("row")[1]!.textContent).toContain("EthereumBase$350.0M");
    expect(screen.getByText("Curve")).toBeTruthy();
  });

  it("filters the migration Sankey by asset on the client", async () => {
    render(<FlowsView body={BODY} window="7d" />);
    await screen.findAllByTestId("sankey-stub");
    const panel = screen.getByRole("region", { name: /Chain migration/ });
    fireEvent.change(within(panel).getByLabelText("Asset"), { target: { value: "USDT" } });
    const last = sankeyProps.filter((p) => p.ariaLabel.includes("chain migration")).at(-1)!;
    expect(last.data.links.map((l) => `${l.source} ${l.target}`)).toEqual([
      "ethereum → → base",
      "arbitrum → → ethereum",
    ]);
  });

  it("shows an unavailable empty state, not an error, when a snapshot is missing", () => {
    const body = {
      ...BODY,
      chain_migration: [],
      metadata: {
        ...BODY.metadata,
        sources: BODY.metadata.sources.filter((s) => s.dataset !== "chain_migration"),
      },
    };
    render(<FlowsView body={body} window="24h" />);
    const panel = screen.getByRole("region", { name: /Chain migration \(7d\)/ });
    expect(within(panel).getByText("On-chain snapshot unavailable")).toBeTruthy();
    expect(within(panel).getByText(/scheduled\/cached · unavailable/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("TransferList", () => {
  it("shows labels with their source and unlabeled wallets with a short address", () => {
    render(<TransferList rows={BODY.cex_transfers} total={3} />);
    const rows = screen.getAllByTestId("transfer-row");
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText("Binance 14")).toBeTruthy();
    expect(within(rows[0]!).getByText("source: dune labels: cex")).toBeTruthy();
    expect(within(rows[0]!).getByText("unlabeled wallet")).toBeTruthy();
    expect(within(rows[0]!).getByText("0xaaaa…aaaa")).toBeTruthy();
    expect(within(rows[1]!).getByText("unlabeled → CEX")).toBeTruthy();
    expect(screen.getAllByText("unlabeled wallet")).toHaveLength(3);
  });

  it("filters by chain, asset and a validated wallet", () => {
    render(<TransferList rows={BODY.cex_transfers} total={3} />);
    fireEvent.change(screen.getByLabelText("Chain"), { target: { value: "ethereum" } });
    expect(screen.getAllByTestId("transfer-row")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Asset"), { target: { value: "USDT" } });
    expect(screen.getAllByTestId("transfer-row")).toHaveLength(1);
    fireEvent.change(screen.getByLabelText("Chain"), { target: { value: "all" } });
    const wallet = screen.getByLabelText(/Wallet address/);
    fireEvent.change(wallet, { target: { value: "0x12" } });
    expect(wallet.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/Enter 0x followed by 40/)).toBeTruthy();
    expect(screen.getAllByTestId("transfer-row")).toHaveLength(2);
    fireEvent.change(wallet, { target: { value: WALLET_B.toUpperCase().replace("0X", "0x") } });
    expect(wallet.getAttribute("aria-invalid")).toBe("false");
    expect(screen.getAllByTestId("transfer-row")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Asset"), { target: { value: "USDC" } });
    expect(screen.queryAllByTestId("transfer-row")).toHaveLength(0);
    expect(screen.getByText("No transfers match these filters")).toBeTruthy();
  });
});
