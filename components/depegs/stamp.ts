/** `-2025-06-01T1405Z` from an ISO time, for CSV file names. */
export const fileStampOf = (asOf: string) => `-${asOf.slice(0, 16).replace(/:/g, "")}Z`;
