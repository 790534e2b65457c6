import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference/ApiReference";

export const metadata: Metadata = {
  title: "API reference",
  description:
    "Every public JSON route of the stablecoin intelligence service: parameters, responses, errors and caching, rendered from its OpenAPI 3.1 document.",
};

// Built from the code, like /methodology: regenerated daily, replaced by a deploy (lib/page-cache.ts).
export const revalidate = 86400;

const DOCUMENT_URL = "/api/openapi.json";

/** Reads nothing from any provider: it renders even when every upstream is down. */
export default function ApiReferencePage() {
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">API reference</h1>
        <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
          Read-only JSON routes, no key needed. Every data body carries{" "}
          <code>holderAnalyticsSupported: false</code>. The machine-readable{" "}
          <a className="underline" href={DOCUMENT_URL}>
            OpenAPI 3.1 document
          </a>{" "}
          is the source of this page. Informational only, not investment advice.
        </p>
      </header>
      <ApiReference documentUrl={DOCUMENT_URL} />
    </div>
  );
}
