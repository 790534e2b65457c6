import type { Metadata } from "next";
import { BoundariesSection } from "@/components/methodology/BoundariesSection";
import { ChainsSection } from "@/components/methodology/ChainsSection";
import { CachingSections } from "@/components/methodology/CachingSections";
import { ConstantsTable } from "@/components/methodology/ConstantsTable";
import { DepegEventsSection } from "@/components/methodology/DepegEventsSection";
import { DepthSections } from "@/components/methodology/DepthSections";
import { HistoryEventsSection } from "@/components/methodology/HistoryEventsSection";
import { MethodSection } from "@/components/methodology/MethodSection";
import { PageCachingSection } from "@/components/methodology/PageCachingSection";
import { PegSections } from "@/components/methodology/PegSections";
import { RiskSections } from "@/components/methodology/RiskSections";
import { SourcesSection } from "@/components/methodology/SourcesSection";
import { SupplySections } from "@/components/methodology/SupplySections";
import { Toc } from "@/components/methodology/Toc";

export const metadata: Metadata = {
  title: "Methodology",
  description:
    "Every formula, threshold, weight, time-to-live and source behind the stablecoin intelligence service, and what it does not do.",
};

// Built at build time (every value on it comes from the code); a day's s-maxage lets a CDN
// keep it, and a deploy replaces it.
export const revalidate = 86400;

/** Every value on this page is imported from the code that uses it. */
export default function MethodologyPage() {
  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Methodology</h1>
        <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
          Every formula, threshold, weight, time-to-live and source used anywhere in the service.
          Values on this page are read from the code that computes them, so they cannot drift.
          Output is informational only and not investment advice.
        </p>
      </header>
      <Toc />
      <SourcesSection />
      <PegSections />
      <DepegEventsSection />
      <HistoryEventsSection />
      <DepthSections />
      <SupplySections />
      <ChainsSection />
      <RiskSections />
      <CachingSections />
      <PageCachingSection />
      <BoundariesSection />
      <MethodSection id="constants">
        <p>The complete list, generated from the constants module.</p>
        <ConstantsTable />
      </MethodSection>
    </div>
  );
}
