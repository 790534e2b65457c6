/**
 * Exit cost by trade size (issue 27): the ladder's limits and the peg-holding threshold. No
 * imports: the query parameter schemas (`lib/api/params.ts`) reach client bundles.
 */

/** The default ladder, USD: what selling $10k, $100k, $1M and $10M costs. */
export const DEFAULT_EXIT_SIZES_USD: readonly number[] = [10_000, 100_000, 1_000_000, 10_000_000];
/** At most this many sizes per request (each size is one DEX quote per chain). */
export const MAX_EXIT_SIZES = 6;
export const MIN_EXIT_SIZE_USD = 1_000;
export const MAX_EXIT_SIZE_USD = 100_000_000;
/** "Holds its peg at size N": the best exit is within this many bps of $1.00. */
export const PEG_HOLD_THRESHOLD_BPS = 50;
/**
 * Amounts of a fill are compared with this tolerance, USD (a cent): what sums of slices or of book
 * levels leave behind in floating point (~1e-11) is not an unfilled part.
 */
export const FILL_TOLERANCE_USD = 0.01;
/** The size the risk score's liquidity component reads a measured exit cost at. */
export const RISK_EXIT_SIZE_USD = 1_000_000;
/** Order books and DEX quotes are fresh this long (the `exit:*` key families, issue 27). */
export const EXIT_COST_FRESH_SECONDS = 5 * 60;
