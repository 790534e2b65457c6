/** The refresher's environment (lib/config): documented defaults, bounds, the secret never shown. */
import { ConfigError, parseConfig } from "@/lib/config";

describe("refresher config", () => {
  it("is off by default: no interval, no cron secret", () => {
    expect(parseConfig({}).refresh).toEqual({ intervalSeconds: undefined, cronSecret: undefined });
  });

  it("reads the interval and the secret", () => {
    const c = parseConfig({ REFRESH_INTERVAL_SECONDS: "60", CRON_SECRET: "a".repeat(32) });
    expect(c.refresh).toEqual({ intervalSeconds: 60, cronSecret: "a".repeat(32) });
  });

  it.each([
    ["REFRESH_INTERVAL_SECONDS", "4"],
    ["REFRESH_INTERVAL_SECONDS", "90000"],
    ["REFRESH_INTERVAL_SECONDS", "1.5"],
    ["CRON_SECRET", "short-secret"],
  ])("rejects %s=%s naming the variable", (variable, value) => {
    expect(() => parseConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [variable]: value })).toThrow(variable);
  });

  it("says what the cron secret must be, never the secret", () => {
    const secret = "guessable";
    expect(() => parseConfig({ CRON_SECRET: secret })).toThrow(/at least 16 characters/);
    try {
      parseConfig({ CRON_SECRET: secret });
    } catch (e) {
      expect(String((e as Error).message)).not.toContain(secret);
    }
  });
});
