/**
 * The constants of the events raised from the service's own history (docs/history.md), for the
 * methodology page; values imported from the modules that use them, never copied.
 */
import * as historyEvents from "./history-events-core";
import * as drain from "./liquidity-drain";
import { section } from "./methodology-section";
import * as pegAtSize from "./peg-at-size-events";
import * as riskChange from "./risk-score-change";

export const HISTORY_METHODOLOGY_CONSTANTS = {
  ...section("history-events-core", {
    ENTER_RUN_SAMPLES: [
      historyEvents.ENTER_RUN_SAMPLES,
      "samples",
      "Consecutive samples past the entry threshold that open a history event (docs/history.md).",
    ],
    EXIT_RUN_SAMPLES: [
      historyEvents.EXIT_RUN_SAMPLES,
      "samples",
      "Consecutive samples back past the exit threshold that end a history event.",
    ],
  }),
  ...section("liquidity-drain", {
    DRAIN_BASELINE_WINDOW_MS: [
      drain.DRAIN_BASELINE_WINDOW_MS,
      "ms",
      "Trailing window whose median depth is a liquidity_drain's baseline.",
    ],
    DRAIN_BASELINE_MIN_SAMPLES: [
      drain.DRAIN_BASELINE_MIN_SAMPLES,
      "samples",
      "Samples the trailing window needs for a baseline (fewer: no verdict).",
    ],
    DRAIN_ENTER_RATIO: [
      drain.DRAIN_ENTER_RATIO,
      "ratio",
      "Depth below this share of its baseline opens a liquidity_drain.",
    ],
    DRAIN_EXIT_RATIO: [
      drain.DRAIN_EXIT_RATIO,
      "ratio",
      "Depth above this share of its baseline ends a liquidity_drain.",
    ],
    DRAIN_CONFIRM_MIN_VENUES: [
      drain.DRAIN_CONFIRM_MIN_VENUES,
      "venues",
      "Independent venues (exchanges, DEX chains) that must each halve to confirm a drain.",
    ],
  }),
  ...section("peg-at-size-events", {
    DEPEG_AT_SIZE_ENTER_BPS: [
      pegAtSize.DEPEG_AT_SIZE_ENTER_BPS,
      "bps",
      "A $1M sale's executable price beyond this from 1.00 USD opens a depeg_at_size.",
    ],
    DEPEG_AT_SIZE_EXIT_BPS: [
      pegAtSize.DEPEG_AT_SIZE_EXIT_BPS,
      "bps",
      "Back within this, a depeg_at_size ends.",
    ],
    CHAIN_LOCAL_EXIT_BPS: [
      pegAtSize.CHAIN_LOCAL_EXIT_BPS,
      "bps",
      "A chain back within this ends its chain_local_depeg event.",
    ],
  }),
  ...section("risk-score-change", {
    RISK_CHANGE_MIN_POINTS: [
      riskChange.RISK_CHANGE_MIN_POINTS,
      "points",
      "A risk score move of at least this raises a risk_score_change.",
    ],
    RISK_CHANGE_WINDOW_MS: [
      riskChange.RISK_CHANGE_WINDOW_MS,
      "ms",
      "The move must happen within this window.",
    ],
  }),
};
