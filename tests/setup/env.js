// Every test process starts from a clean, network-free environment: providers point at an
// address that refuses connections unless a test starts tests/fake-upstream and overrides them.
process.env.NEXT_TELEMETRY_DISABLED = "1";
// Provider call budgets out of the way: only the budget tests set them low.
process.env.COINGECKO_CALLS_PER_MINUTE = "1000000";
process.env.DEXSCREENER_CALLS_PER_MINUTE = "1000000";
process.env.DEX_QUOTES_CALLS_PER_SECOND = "100000";
// Per-client rate limits off: only the rate-limit tests turn them on (they count every request).
process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = "0";
for (const k of [
  "STABLECOINS_API_URL",
  "COINGECKO_API_URL",
  "DEXSCREENER_API_URL",
  "DUNE_API_URL",
  "DEFILLAMA_COINS_API_URL",
]) {
  process.env[k] = "http://127.0.0.1:9";
}
for (const k of [
  "COINGECKO_API_KEY",
  "DUNE_API_KEY",
  "KV_REST_API_URL",
  "KV_REST_API_TOKEN",
  "REDIS_URL",
  "TRUST_PROXY",
  // The scheduled refresher is off in tests unless a test asks for it.
  "REFRESH_INTERVAL_SECONDS",
  "CRON_SECRET",
  "DUNE_ALLOW_EXECUTION",
  "ALLOW_DUNE_EXECUTION",
  "DUNE_EXECUTION_ACK",
  "DUNE_WRITE_API_KEY",
]) {
  delete process.env[k];
}
