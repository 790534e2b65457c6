/**
 * What a caller passes to every read — one explicit object per request, handed from the route
 * through the builders to the readers: the store (default: the process' store), the request's
 * abort signal and the clock.
 */
import type { KvStore } from "@/lib/kv/types";

export interface ReadOpts {
  kv?: KvStore;
  signal?: AbortSignal;
  now?: () => number;
}
