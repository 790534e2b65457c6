/**
 * A bad setting is reported by its name and its rule (what it must be), never by its value —
 * the message a refused start prints — and `.env.example` lists every variable the config reads.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, envSchema, parseConfig } from "@/lib/config";

function messageFor(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
}

it.each([
  ["CRON_SECRET", "elevenchars", "must be at least 16 characters"],
  ["COINGECKO_CALLS_PER_MINUTE", "thirty", "must be an integer from 1 to 1000000"],
  ["COINGECKO_CALLS_PER_MINUTE", "12.5", "must be an integer from 1 to 1000000"],
  ["REFRESH_INTERVAL_SECONDS", "3", "must be an integer from 5 to 86400"],
  ["COINGECKO_API_URL", "api.coingecko.invalid/v3", "must be an absolute http(s) URL"],
  ["COINGECKO_API_PLAN", "enterprise", "must be demo or pro"],
  ["COINGECKO_API_KEY", "k3y", "must be at least 8 characters (a key is longer)"],
  ["TRUST_PROXY", "yes", "must be true or false"],
])("%s=%s: names the variable and its rule, not the value", (variable, value, rule) => {
  const message = messageFor({ [variable]: value });
  expect(message).toBe(`Invalid environment variable ${variable}: ${rule}`);
  expect(message).not.toContain(value);
});

it(".env.example lists every variable the config reads", () => {
  const example = readFileSync(path.resolve(__dirname, "../../.env.example"), "utf8");
  const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const missing = Object.keys(envSchema.shape).filter((k) => !listed.has(k));
  expect(missing).toEqual([]);
});

describe("history settings", () => {
  it("default to hourly samples of coins with at least $10M in circulation", () => {
    expect(parseConfig({}).history).toEqual({ sampleSeconds: 3600, minCirculatingUsd: 10_000_000 });
  });

  it("accept any whole number of seconds from 1 (tests and the demo sample fast)", () => {
    expect(parseConfig({ HISTORY_SAMPLE_SECONDS: "1" }).history.sampleSeconds).toBe(1);
    expect(parseConfig({ HISTORY_SAMPLE_SECONDS: "604800" }).history.sampleSeconds).toBe(604_800);
    expect(parseConfig({ HISTORY_MIN_CIRCULATING_USD: "0" }).history.minCirculatingUsd).toBe(0);
  });

  it.each([
    ["HISTORY_SAMPLE_SECONDS", "0", "must be a whole number of seconds, at least 1"],
    ["HISTORY_SAMPLE_SECONDS", "1.5", "must be a whole number of seconds, at least 1"],
    ["HISTORY_SAMPLE_SECONDS", "hourly", "must be a whole number of seconds, at least 1"],
    ["HISTORY_MIN_CIRCULATING_USD", "-1", "must be a whole number of USD, 0 or more"],
    ["HISTORY_MIN_CIRCULATING_USD", "10M", "must be a whole number of USD, 0 or more"],
  ])("%s=%s is refused with its own rule", (variable, value, rule) => {
    expect(messageFor({ [variable]: value })).toBe(
      `Invalid environment variable ${variable}: ${rule}`,
    );
  });
});
