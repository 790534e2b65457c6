"use client";

import { useMemo } from "react";
import { fromWireTable, type WireTable } from "./rows";
import { SupplyTable } from "./SupplyTable";

/** The supply table fed the page's compact rows (`toWireTable`), expanded once in the browser. */
export function WireSupplyTable({ table, asOf }: { table: WireTable; asOf: string }) {
  const assets = useMemo(() => fromWireTable(table), [table]);
  return <SupplyTable assets={assets} asOf={asOf} />;
}
