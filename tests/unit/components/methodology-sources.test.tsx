/**
 * The methodology's source list and chain lists are generated from the source table and the
 * chain tables (rendered to HTML in Node: the depth section's imports reach the store drivers,
 * which load only outside jsdom).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { chainLabel } from "@/components/format";
import { DepthSections } from "@/components/methodology/DepthSections";
import { SourcesSection } from "@/components/methodology/SourcesSection";
import { sourceRows } from "@/components/methodology/sourceRows";
import { canonicalChain, COINGECKO_PLATFORM_DEX_CHAINS, DEX_CHAINS } from "@/lib/domain/chains";
import { SOURCES } from "@/lib/providers/sources";

jest.mock("@/lib/providers/sources", () => {
  const actual = jest.requireActual("@/lib/providers/sources");
  // One more source than the real table: the page must follow the table, not a fixed count.
  return {
    ...actual,
    SOURCES: [...actual.SOURCES, { name: "Extra Feed", provider: "kraken", type: "order-book" }],
  };
});

/** Text of each table row's first cell, header row left out. */
const firstCells = (html: string) =>
  [...html.matchAll(/<tr[^>]*>\s*<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("methodology: the sources and chains come from their tables", () => {
  it("lists every source of the source table, in order, with its count", () => {
    const html = renderToStaticMarkup(<SourcesSection />);
    expect(firstCells(html)).toEqual(SOURCES.map((s) => s.name));
    expect(firstCells(html)).toContain("Extra Feed");
    expect(text(html)).toContain(`${SOURCES.length} sources are used`);
    expect(sourceRows().map((r) => r.type)).toEqual(SOURCES.map((s) => s.type));
  });

  it("names every chain of the platform table for pools, and the overlay's chains for overrides", () => {
    const poolChains = [
      ...new Set(Object.values(COINGECKO_PLATFORM_DEX_CHAINS).map(canonicalChain)),
    ].map(chainLabel);
    // Chains beyond the overlay's (Avalanche, Blast, zkSync…) are named too.
    expect(poolChains.length).toBeGreaterThan(DEX_CHAINS.length);
    const dex = sourceRows().find((r) => r.name === "DexScreener")!.feeds;
    for (const c of [...poolChains, ...DEX_CHAINS.map(chainLabel)]) expect(dex).toContain(c);
    for (const c of ["Avalanche", "Blast", "zkSync"]) expect(dex).toContain(c);
    expect(text(renderToStaticMarkup(<SourcesSection />))).toContain(dex);
    const depth = text(renderToStaticMarkup(<DepthSections />));
    for (const c of poolChains) expect(depth).toContain(c);
  });
});
