// Validates the environment before `next build` / `next start`: exits non-zero with a message
// naming the offending variable and its rule (never its value). The server checks again at boot.
import { configOrExit } from "../lib/config/fail-fast";

configOrExit();
