import { defineConfig, devices } from "@playwright/test";

// E2E against `npm run demo` (fake upstream, no network, no key) in Debian's Chromium.
// Never `npx playwright install`: the browser comes from apt (`/usr/bin/chromium`).
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/artifacts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "npx tsx scripts/demo.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DEMO_KV_DIR: ".data/e2e-kv",
      NEXT_TELEMETRY_DISABLED: "1",
      // One browser drives the whole suite: per-client rate limits off (`npm run demo` keeps them).
      PUBLIC_RATE_LIMIT_PER_MINUTE: "0",
      // The scheduled refresher is off in tests unless asked (issue 26): a test that counts provider
      // calls needs a server that makes none of its own. An empty value turns the demo's off;
      // `E2E_REFRESH_INTERVAL_SECONDS` asks for it (the full-market step of `npm test` does).
      REFRESH_INTERVAL_SECONDS: process.env.E2E_REFRESH_INTERVAL_SECONDS ?? "",
      // The demo's seeded week of own history (scripts/demo-history.ts) costs a minute of
      // refresher passes before the server starts: off unless `E2E_DEMO_HISTORY=on` asks for it.
      DEMO_HISTORY: process.env.E2E_DEMO_HISTORY ?? "off",
      // `DEMO_MARKET=full` runs the suite (and tests/e2e/full-market.spec.ts) on the whole market.
      DEMO_MARKET: process.env.DEMO_MARKET ?? "fixture",
    },
  },
});
