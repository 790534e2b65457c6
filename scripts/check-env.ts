// Validates the environment before `next build` / `next start`: exits non-zero with a message
// naming the offending variable (never its value).
import { ConfigError, parseConfig } from "../lib/config";

try {
  parseConfig(process.env);
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`Configuration error: ${e.message}`);
    process.exit(1);
  }
  throw e;
}
