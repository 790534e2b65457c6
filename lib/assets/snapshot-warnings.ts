/** Warnings of the scheduled on-chain snapshots: one per issue the read layer reports. */
import type { Warning } from "./warnings";

/**
 * A scheduled on-chain snapshot that could not be read, or one of a read snapshot's issues
 * (truncated, partial, rows dropped, scheduler stale): code `onchain_<reason>`, the sentence
 * from the read layer.
 */
export function snapshotWarning(read: { reason: string; warning: string }): Warning {
  return {
    source: "Dune",
    type: "on-chain-scheduled",
    code: `onchain_${read.reason}`,
    message: read.warning,
  };
}

/** Every warning a snapshot read carries: why it is unavailable, or what is wrong with it. */
export function snapshotWarnings(
  read:
    | { ok: false; reason: string; warning: string }
    | { ok: true; issues: readonly { reason: string; warning: string }[] },
): Warning[] {
  return read.ok ? read.issues.map(snapshotWarning) : [snapshotWarning(read)];
}
