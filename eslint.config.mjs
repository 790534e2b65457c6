import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    ".data/**",
    "next-env.d.ts",
  ]),
  {
    rules: {
      "no-console": ["error", { allow: ["warn", "error"] }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/**", "*.config.*"],
    rules: { "no-console": "off" },
  },
  {
    files: ["jest.config.js", "tests/setup/**/*.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
]);
