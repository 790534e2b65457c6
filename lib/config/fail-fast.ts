/**
 * Ends the process on an invalid environment, whatever started it (`npm start`'s check, `next
 * start`, the standalone server): Next catches an error thrown while loading instrumentation.ts
 * and keeps serving 500s, so the process exits itself. Prints the variable and its rule, never
 * its value (`ConfigError`).
 */
import { ConfigError, parseConfig, type AppConfig } from "./index";

/** Exit status of a start refused for its configuration. */
export const CONFIG_EXIT_CODE = 1;

export function configOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return parseConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    // stderr is synchronous for files and pipes on Linux: the line is out before the exit.
    console.error(`Configuration error: ${e.message}`);
    process.exit(CONFIG_EXIT_CODE);
  }
}
