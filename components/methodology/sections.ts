/** The methodology page's sections, in order: anchors are linked from every asset-page panel. */
export const METHOD_SECTIONS = [
  { id: "sources", title: "Sources" },
  { id: "peg", title: "Peg deviation" },
  { id: "depeg", title: "De-peg history and sparklines" },
  { id: "depeg-events", title: "Depeg events" },
  { id: "history-events", title: "Own history and its events" },
  { id: "badge", title: "Peg verification badge" },
  { id: "depth", title: "Liquidity depth and pool map" },
  { id: "finder", title: "Deep-liquidity finder" },
  { id: "exit-cost", title: "Exit cost by trade size" },
  { id: "supply", title: "Supply panel and market rail" },
  { id: "concentration", title: "Issuer and chain concentration" },
  { id: "velocity", title: "Velocity" },
  { id: "momentum", title: "Supply momentum" },
  { id: "chains", title: "Chains: supply, native vs bridged, chain-local peg" },
  { id: "risk-score", title: "Risk score" },
  { id: "confidence", title: "Confidence score" },
  { id: "caching", title: "Caching and time-to-live" },
  { id: "page-caching", title: "Page caching and security policy" },
  { id: "telemetry", title: "Telemetry" },
  { id: "boundaries", title: "Boundaries: what the service does not do" },
  { id: "constants", title: "All named constants" },
] as const;

export type MethodSectionId = (typeof METHOD_SECTIONS)[number]["id"];

export function sectionTitle(id: MethodSectionId): string {
  return METHOD_SECTIONS.find((s) => s.id === id)!.title;
}
