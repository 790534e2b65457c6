/**
 * The one import for route handlers: response helpers shared by every public route, each kept in
 * the module of its job.
 *
 * - `./body`: JSON bodies with the fixed `holderAnalyticsSupported: false` flag, cache headers;
 * - `./errors`: error bodies, 405 with `Allow`;
 * - `./conditional`: HEAD, OPTIONS, ETag / 304;
 * - `./route`: the `publicRoute` wrapper and the per-asset / aggregate answers;
 * - `./params`: query parameter schemas; `./query`: parsing them;
 * - `./with-memo`: the one-second in-process answer memo (`./response-memo`);
 * - `./rate-limit`: per-client rate limits; `./response-facts`: marking an answer that called a provider.
 */
export {
  FLAG_HEADER,
  FLAG_HEADERS,
  HOLDER_ANALYTICS_SUPPORTED,
  jsonOk,
  jsonSpecification,
  type CachePolicy,
} from "./body";
export {
  ALLOWED_METHODS,
  describeInputError,
  errorBodySchema,
  jsonError,
  methodNotAllowed,
  notFound,
  type ErrorCode,
} from "./errors";
export { etagOf, headFrom, optionsResponse, withConditional } from "./conditional";
export { withMemo } from "./with-memo";
export {
  AGGREGATE_S_MAXAGE_SECONDS,
  UPSTREAM_RETRY_AFTER_SECONDS,
  publicRoute,
  respondAggregate,
  respondAsset,
  safeHandler,
} from "./route";
export { parseQuery } from "./query";
export { noteUpstream } from "./response-facts";
