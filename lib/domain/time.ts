/** A time in ms since the epoch as an ISO-8601 UTC string for a JSON body; null stays null. */
export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
