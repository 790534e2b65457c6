/** The issue 35 section of docs/performance.md: goals and tables of what ./history measured. */
import { RAW_RETENTION_MS } from "../../lib/history/keys";
import { DAY_MS } from "../../lib/history/windows";
import { WARM_UP_SECONDS, type SideBySide } from "./counterbalanced";
import type { StoredSizes } from "./history-seed";
import { median } from "./load";
import { fmt, table, type Goal, type Section } from "./report";

/** Issue 35: the warm history route is as fast as the trivial route of its size (≥ 0.9×). */
const WARM_GOAL_RATIO = 0.9;
/** Issue 35: a 365-day answer for the largest coin under 200 ms cold from the store. */
const COLD_365_GOAL_MS = 200;
/** Issue 35: bytes per coin per day at hourly sampling. */
const BYTES_PER_DAY_GOAL = 8 * 1024;
/** The bench's own bar for "keeps working" (the issue sets none): the log answers in a second. */
const MARKET_LOG_GOAL_MS = 1_000;
export const YEAR_DAYS = 365;
export const RAW_DAYS = RAW_RETENTION_MS / DAY_MS;
/** The window the coin page asks for first (components/history). */
export const WARM_WINDOWS = ["7d"] as const;

export const historyPath = (q: string, window: string) =>
  `/api/stablecoin-history?q=${encodeURIComponent(q)}&window=${window}`;

export interface Answer {
  status: number;
  ms: number;
  bytes: number;
  /** The history's points (-1: not a history body). */
  points: number;
  warnings: string;
  /** Requests the fake upstream saw during this one. */
  calls: number;
}

export interface StoreRun {
  store: string;
  warm: SideBySide[];
  trivialLabels: string[];
  /** A fresh server's first request (another coin's year: reference), then the largest coin's
   * (its data read from the store for the first time: judged), then the same again (reference). */
  freshProcess: Answer[];
  cold: Answer[];
  warmProcess: Answer[];
  sizes: StoredSizes;
}

export interface ManyCoins {
  coins: number;
  /** The coins the market-wide log reads (listed, at or above the sampling floor). */
  sampled: number;
  seedMs: number;
  diskBytes: number;
  answers: Answer[];
  paths: string[];
}

type Opts = { durationSeconds: number; rounds: number; connections: number; samples: number };

/** A day kept at hourly sampling: its share of the raw chunks and meta, plus its daily row. */
const dailyRowBytes = (s: StoredSizes) => s.dailyBytes / Math.max(1, s.dailyDays);
const bytesPerHourlyDay = (s: StoredSizes) => s.rawBytes / s.rawDays + dailyRowBytes(s);

/** The (b) table's requests, in the order each fresh server answers them. */
const COLD_ROWS = ["fresh process, another coin", "coin's data cold (judged)", "again"] as const;

const healthy = (a: Answer) => a.status === 200 && !/store_unavailable|damaged/.test(a.warnings);

function goalsOf(q: string, runs: StoreRun[], many: ManyCoins): Goal[] {
  const goals: Goal[] = [];
  for (const run of runs)
    for (const [i, w] of WARM_WINDOWS.entries()) {
      const s = run.warm[i]!;
      goals.push({
        item: "35",
        what: `warm \`${historyPath(q, w)}\` vs the trivial route of its size (${run.store})`,
        goal: `≥ ${fmt.ratio(WARM_GOAL_RATIO)}`,
        observed: `${fmt.ratio(s.ratio)} (rounds ${s.ratios.map(fmt.ratio).join(", ")})`,
        pass: s.ratio >= WARM_GOAL_RATIO && s.route.bad === 0,
      });
    }
  for (const run of runs) {
    const times = run.cold.map((a) => a.ms);
    goals.push({
      item: "35",
      what: `365-day answer for the largest coin, cold from the store (${run.store})`,
      goal: `median < ${fmt.ms(COLD_365_GOAL_MS)}`,
      observed: `median ${fmt.ms(median(times))}, max ${fmt.ms(Math.max(...times))} (${times.length} fresh servers; their very first request, another coin's year: median ${fmt.ms(median(run.freshProcess.map((a) => a.ms)))})`,
      pass: median(times) < COLD_365_GOAL_MS && run.cold.every(healthy),
    });
  }
  const perDay = bytesPerHourlyDay(runs[0]!.sizes);
  goals.push({
    item: "35",
    what: "stored bytes per coin per day at hourly sampling (largest coin: raw share + daily row)",
    goal: `≤ ${fmt.int(BYTES_PER_DAY_GOAL)} B`,
    observed: `${fmt.int(perDay)} B`,
    pass: perDay <= BYTES_PER_DAY_GOAL,
  });
  const [a90, a365, , log] = many.answers as [Answer, Answer, Answer, Answer];
  goals.push({
    item: "35",
    what: `file store, ${many.coins} coins × ${RAW_DAYS} days: one coin's answers`,
    goal: "200, no store warning",
    observed: `90d ${a90.status} in ${fmt.ms(a90.ms)}, 365d ${a365.status} in ${fmt.ms(a365.ms)}`,
    pass: healthy(a90) && healthy(a365),
  });
  goals.push({
    item: "35",
    what: `file store, ${many.coins} coins × ${RAW_DAYS} days: market-wide \`/api/stablecoin-events\` (${many.sampled} coins read)`,
    goal: `200, no store warning, < ${fmt.ms(MARKET_LOG_GOAL_MS)}`,
    observed: `${log.status || "no answer"} in ${fmt.ms(log.ms)}`,
    pass: healthy(log) && log.ms < MARKET_LOG_GOAL_MS,
  });
  return goals;
}

export function historyReport(r: {
  q: string;
  coinId: string;
  runs: StoreRun[];
  many: ManyCoins;
  opts: Opts;
}): Section {
  const { q, runs, many, opts } = r;
  const sizes = runs[0]!.sizes;
  const body = [
    `Seeded history of the largest fixture coin (\`q=${q}\`, id \`${r.coinId}\`): one real sample ` +
      "from the sampler (a refresher pass over the fake upstream, as `npm run demo` seeds its " +
      `week), replicated hourly over ${YEAR_DAYS} days with seeded noise and stored through the ` +
      `lib/history codec as the writer and its retention leave it: the last ${RAW_DAYS} days as ` +
      "hourly raw chunks, every complete day as a daily row (the writer folds each day as the " +
      "next one starts), the meta.",
    "",
    "**(a) Warm.** One `next start` per store; the route answered 200 first, then every URL took " +
      `${WARM_UP_SECONDS} s of load and ${opts.rounds} round(s) measured the route beside ` +
      "`/api/bench-trivial` answering the same bytes, in the order route, trivial, trivial, " +
      `route (${opts.durationSeconds} s per round; autocannon, ${opts.connections} connections).`,
    "",
    table(
      ["Store", "Target", "Throughput", "p99", "Errors", "÷ trivial", "rounds"],
      runs.flatMap((run) =>
        WARM_WINDOWS.flatMap((w, i) => {
          const s = run.warm[i]!;
          return [
            [
              run.store,
              `\`${historyPath(q, w)}\``,
              fmt.rps(s.route.rps),
              fmt.ms(s.route.p99Ms),
              s.route.bad,
              `**${fmt.ratio(s.ratio)}**`,
              s.ratios.map(fmt.ratio).join(", "),
            ],
            [
              run.store,
              run.trivialLabels[i]!,
              fmt.rps(s.trivial.rps),
              fmt.ms(s.trivial.p99Ms),
              s.trivial.bad,
              "",
              "",
            ],
          ];
        }),
      ),
    ),
    "",
    `**(b) Cold.** ${opts.samples} sample(s) per store, each a freshly started server on the ` +
      "seeded store: its route bundle loaded by a 400 (malformed selector, no store read); its " +
      "first request another coin's 365-day answer (the same year stored under that coin: the " +
      "process is cold, reported), then " +
      `\`GET ${historyPath(q, "365d")}\` timed client-side (judged: nothing of that coin's ` +
      "history is in the process, every value is read from the store). For reference, the same " +
      "request again on that server once the response memo has lapsed. Upstream calls: requests " +
      "the fake saw during the request (the coins' context is in the store from (a)).",
    "",
    table(
      ["Store", "Request", "Time", "Status", "Bytes", "Points", "Upstream calls", "Warnings"],
      runs.flatMap((run) =>
        [...run.freshProcess, ...run.cold, ...run.warmProcess].map((a, i) => [
          run.store,
          COLD_ROWS[Math.floor(i / run.cold.length)] ?? "again",
          fmt.ms(a.ms),
          a.status,
          fmt.int(a.bytes),
          a.points,
          a.calls,
          a.warnings,
        ]),
      ),
    ),
    "",
    "**(c) Size.** The values the store holds for that coin, read back (JSON bytes as stored):",
    "",
    table(
      ["Part", "Bytes", "Days", "Bytes per day"],
      [
        [
          "hourly raw chunks + meta",
          fmt.int(sizes.rawBytes),
          sizes.rawDays.toFixed(1),
          fmt.int(sizes.rawBytes / sizes.rawDays),
        ],
        ["daily months", fmt.int(sizes.dailyBytes), sizes.dailyDays, fmt.int(dailyRowBytes(sizes))],
        ["a day at hourly sampling (judged)", "", "", `**${fmt.int(bytesPerHourlyDay(sizes))}**`],
      ],
    ),
    "",
    `**(d) Many coins.** ${many.coins} coins of the full recorded market (the listed ones largest ` +
      `first), ${RAW_DAYS} days of hourly samples each (templates: the fixture coins' real ` +
      `samples, in turn), seeded into one file store (4 coins at a time) in ${fmt.ms(many.seedMs)} ` +
      `(${fmt.mb(many.diskBytes)} on disk; deleted afterwards). The market-wide log reads the ` +
      `${many.sampled} coins the sampler takes (listed, at or above the floor). One freshly ` +
      "started server (full market) answered, in order (each request after the response memo " +
      "lapsed; a request unanswered after 30 s is reported as status 0):",
    "",
    table(
      ["Request", "Time", "Status", "Bytes", "Upstream calls", "Warnings"],
      many.answers.map((a, i) => [
        `\`${many.paths[i]!}\``,
        fmt.ms(a.ms),
        a.status,
        fmt.int(a.bytes),
        a.calls,
        a.warnings,
      ]),
    ),
  ].join("\n");
  return { title: "11. Own history (issue 35)", body, goals: goalsOf(q, runs, many) };
}
