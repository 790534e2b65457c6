/** Client-side filtering of the CEX ↔ unlabeled transfer rows already on the page. */
import { walletSchema } from "@/lib/api/params";
import type { CexTransfer } from "./types";

export const ALL = "all";

export interface TransferFilter {
  chain: string;
  asset: string;
  /** Lowercased, validated wallet, or null for no wallet filter. */
  wallet: string | null;
}

/** `0x1234…abcd`. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

export const DIRECTION_LABELS: Readonly<Record<CexTransfer["direction"], string>> = {
  cex_to_unlabeled: "CEX → unlabeled",
  unlabeled_to_cex: "unlabeled → CEX",
};

/** The wallet box: empty → no filter; otherwise 0x + 40 hex, or an error message. */
export function parseWallet(
  input: string,
): { ok: true; wallet: string | null } | { ok: false; error: string } {
  const text = input.trim();
  if (text === "") return { ok: true, wallet: null };
  const parsed = walletSchema.safeParse(text);
  if (parsed.success) return { ok: true, wallet: parsed.data };
  return { ok: false, error: "Enter 0x followed by 40 hexadecimal characters." };
}

export function filterTransfers(rows: readonly CexTransfer[], f: TransferFilter): CexTransfer[] {
  return rows.filter(
    (r) =>
      (f.chain === ALL || r.chain === f.chain) &&
      (f.asset === ALL || r.token_symbol === f.asset) &&
      (f.wallet === null ||
        r.from.address.toLowerCase() === f.wallet ||
        r.to.address.toLowerCase() === f.wallet),
  );
}

export function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}
