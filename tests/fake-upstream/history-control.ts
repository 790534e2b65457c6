/**
 * `/__control/clock` and `/__control/history` (README "History mode"): out-of-process harnesses
 * (the demo, e2e) set the fake's clock and its episodes over HTTP.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { historyEpisodesSchema, type HistoryEpisode } from "./history-mode";
import { json } from "./routes/respond";
import { send } from "./scenarios";

export interface HistoryState {
  /** The simulated clock; null = the server's own clock. */
  nowMs: number | null;
  episodes: HistoryEpisode[];
}

const clockBody = z.object({ nowMs: z.number().int().nonnegative().nullable() });
const historyBody = z.object({ episodes: historyEpisodesSchema });
/** Handles the history-mode control routes; false for any other path. */
export async function historyControl(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  state: HistoryState,
  readBody: (req: IncomingMessage) => Promise<string>,
): Promise<boolean> {
  if (req.method !== "POST") return false;
  const schema =
    pathname === "/__control/clock"
      ? clockBody
      : pathname === "/__control/history"
        ? historyBody
        : null;
  if (schema === null) return false;
  const parsed = schema.safeParse(
    await readBody(req)
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => undefined),
  );
  if (!parsed.success) {
    send(res, json(400, { error: `bad body for ${pathname}: ${parsed.error.message}` }));
    return true;
  }
  if ("nowMs" in parsed.data) state.nowMs = parsed.data.nowMs;
  else state.episodes = parsed.data.episodes;
  send(res, json(200, { ok: true, nowMs: state.nowMs, episodes: state.episodes.length }));
  return true;
}
