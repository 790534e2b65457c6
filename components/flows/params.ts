/** The flows page's query string, read in the browser so the base page stays cacheable. */
import { selectorSchema, windowSchema } from "@/lib/api/params";
import type { FlowWindow } from "./types";

export interface FlowsParams {
  q: string | null;
  window: FlowWindow;
  notes: string[];
}

export const DEFAULT_WINDOW: FlowWindow = "7d";

/** Each parameter is checked on its own: a bad one is ignored with a note, never a failure. */
export function parseFlowsParams(sp: URLSearchParams): FlowsParams {
  const notes: string[] = [];
  const rawQ = sp.get("q")?.trim() || undefined;
  const rawWindow = sp.get("window") || undefined;
  const q = rawQ === undefined ? null : selectorSchema.safeParse(rawQ);
  const w = rawWindow === undefined ? null : windowSchema.safeParse(rawWindow);
  if (q && !q.success) notes.push("The stablecoin selector was not valid and is ignored.");
  if (w && !w.success) notes.push("Unknown window ignored; showing 7d (24h, 7d or 30d).");
  return {
    q: q?.success ? q.data : null,
    window: w?.success ? w.data : DEFAULT_WINDOW,
    notes,
  };
}
