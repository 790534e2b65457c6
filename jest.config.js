// Jest: two projects, both in the node environment (route handlers need real fetch/Response).
// Component tests opt in to jsdom with a `@jest-environment jsdom` docblock.
const nextJest = require("next/jest");

const createJestConfig = nextJest({ dir: __dirname });

const common = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testEnvironment: "node",
  // @nivo and d3 ship ESM only.
  transformIgnorePatterns: [
    "/node_modules/(?!(@nivo|d3-[^/]+|internmap|delaunator|robust-predicates)/)",
  ],
  setupFiles: ["<rootDir>/tests/setup/env.js"],
};

module.exports = async () => {
  const unit = await createJestConfig({
    ...common,
    displayName: "unit",
    testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
  })();
  const integration = await createJestConfig({
    ...common,
    displayName: "integration",
    testMatch: ["<rootDir>/tests/integration/**/*.test.ts?(x)"],
  })();
  // System tests run against the production build (`next start` processes): after `next build`.
  const system = await createJestConfig({
    ...common,
    displayName: "system",
    testMatch: ["<rootDir>/tests/system/**/*.test.ts?(x)"],
  })();
  // jest-circus reads testTimeout from the global config only, not per project.
  return { projects: [unit, integration, system], testTimeout: 30_000 };
};
