/**
 * Budgets for tests that count calls or states, not time: on a loaded machine a cold read (or a
 * 100 KB cache write) must not turn into a timeout that the test would mistake for a fault.
 * Timeouts themselves are tested by the reliability suite with its own short budgets.
 */
export const SLOW_MACHINE_ENV = {
  PROVIDER_TIMEOUT_MS: "10000",
  KV_TIMEOUT_MS: "2000",
  REQUEST_WAIT_BUDGET_MS: "10000",
} as const;
