/**
 * Every named constant behind the service's formulas, with a one-line description, for the
 * methodology page. Values are imported from the modules that use them, never copied.
 */
import * as badge from "./badge";
import * as chainPeg from "./chain-peg";
import * as chainSupply from "./chain-supply";
import * as concentration from "./concentration";
import * as confidence from "./confidence";
import * as depeg from "./depeg";
import * as depth from "./depth";
import { HISTORY_METHODOLOGY_CONSTANTS } from "./methodology-history";
import { section } from "./methodology-section";
import * as momentum from "./momentum";
import * as peg from "./peg";
import * as priceSources from "./price-sources";
import * as chartPlan from "./chart-plan";
import * as risk from "./risk-score";
import * as supply from "./supply";
import * as velocity from "./velocity";

export type { MethodologyConstant, MethodologyValue } from "./methodology-section";

export const METHODOLOGY_CONSTANTS = {
  ...section("peg", {
    PEG_TARGET_USD: [peg.PEG_TARGET_USD, "USD", "Peg target every deviation is measured from."],
    BPS_PER_UNIT: [
      peg.BPS_PER_UNIT,
      "bps",
      "Basis points per 1.00 USD: deviation_bps = (price − 1) × 10 000.",
    ],
  }),
  ...section("supply", {
    SHARE_SUM_TOLERANCE: [
      supply.SHARE_SUM_TOLERANCE,
      "ratio",
      "Allowed deviation of the supply_distribution share sum from 1.",
    ],
  }),
  ...section("depth", {
    DEPTH_BAND: [depth.DEPTH_BAND, "ratio", "Price band of the liquidity depth figure (±2 %)."],
    AMPLIFICATION: [
      depth.AMPLIFICATION,
      "multiplier",
      "Virtual-reserve amplification k per DEX pool model (depth ≈ k × TVL × 1 %).",
    ],
    MAX_POOL_SHARE_OF_MARKET_CAP: [
      depth.MAX_POOL_SHARE_OF_MARKET_CAP,
      "ratio",
      "A pool's TVL counts at most this fraction of the asset's market cap.",
    ],
    MAX_POOL_TVL_USD: [depth.MAX_POOL_TVL_USD, "USD", "Absolute cap on one pool's counted TVL."],
    MAX_POOL_PRICE_DEVIATION: [
      depth.MAX_POOL_PRICE_DEVIATION,
      "ratio",
      "Pools whose implied price is further than this from 1.00 are excluded.",
    ],
  }),
  ...section("confidence", {
    CONFIDENCE_WEIGHTS: [
      confidence.CONFIDENCE_WEIGHTS,
      "score",
      "Confidence-score weight of each available data source (sum 0.7).",
    ],
    PRICE_PAIR_WEIGHT: [
      confidence.PRICE_PAIR_WEIGHT,
      "score",
      "Confidence-score weight of each agreeing pair of independent prices.",
    ],
    PRICE_AGREEMENT_ZERO_BPS: [
      confidence.PRICE_AGREEMENT_ZERO_BPS,
      "bps",
      "Price spread at which a pair's agreement term reaches 0.",
    ],
  }),
  ...section("price-sources", {
    PRICE_SOURCES_DISAGREE_BPS: [
      priceSources.PRICE_SOURCES_DISAGREE_BPS,
      "bps",
      "Two provider prices (market, DefiLlama coins, aggregate) more than this apart: warning price_sources_disagree.",
    ],
  }),
  ...section("chart-plan", {
    CHART_MAX_POINTS_PER_CALL: [
      chartPlan.CHART_MAX_POINTS_PER_CALL,
      "points",
      "DefiLlama coins /chart limit per call (coins × span); hourly series are planned within it.",
    ],
    HOURLY_HISTORY_POINTS: [
      chartPlan.HOURLY_HISTORY_POINTS,
      "points",
      "Hourly points kept per coin (90 days).",
    ],
  }),
  ...section("depeg", {
    WINDOW_MS: [
      depeg.WINDOW_MS,
      "ms",
      "Trailing windows of the de-peg statistics and sparklines (24h, 7d, 30d).",
    ],
    ON_PEG_MAX_BPS: [
      depeg.ON_PEG_MAX_BPS,
      "bps",
      "|Deviation| up to this is on-peg; beyond it counts as outside ±10 bps.",
    ],
    MINOR_DEPEG_MAX_BPS: [
      depeg.MINOR_DEPEG_MAX_BPS,
      "bps",
      "|Deviation| up to this is a minor de-peg.",
    ],
    MODERATE_DEPEG_MAX_BPS: [
      depeg.MODERATE_DEPEG_MAX_BPS,
      "bps",
      "|Deviation| up to this is a moderate de-peg; beyond it is severe.",
    ],
    EXCURSION_THRESHOLD_BPS: [
      depeg.EXCURSION_THRESHOLD_BPS,
      "bps",
      "A run of consecutive points beyond this |deviation| is one excursion.",
    ],
    GAP_FACTOR: [
      depeg.GAP_FACTOR,
      "multiplier",
      "An interval longer than this × the median sampling interval is a data gap.",
    ],
    DEVIATION_EPSILON_BPS: [
      depeg.DEVIATION_EPSILON_BPS,
      "bps",
      "Floating-point slack in band comparisons.",
    ],
  }),
  ...section("badge", {
    PEG_BADGE_MIN_USD: [
      badge.PEG_BADGE_MIN_USD,
      "USD",
      "Lowest market price (inclusive) for the peg verification badge.",
    ],
    PEG_BADGE_MAX_USD: [
      badge.PEG_BADGE_MAX_USD,
      "USD",
      "Highest market price (inclusive) for the peg verification badge.",
    ],
    PEG_BADGE_EPSILON_USD: [
      badge.PEG_BADGE_EPSILON_USD,
      "USD",
      "Floating-point slack so the badge bounds themselves count as inside.",
    ],
    PRICE_AGREEMENT_BADGE_BPS: [
      badge.PRICE_AGREEMENT_BADGE_BPS,
      "bps",
      "Largest allowed spread between independent prices for the badge.",
    ],
  }),
  ...section("velocity", {
    VELOCITY_PARKED_MAX: [
      velocity.VELOCITY_PARKED_MAX,
      "ratio",
      "Velocity (24h volume ÷ market cap) below this is parked capital.",
    ],
    VELOCITY_ACTIVE_MIN: [
      velocity.VELOCITY_ACTIVE_MIN,
      "ratio",
      "Velocity above this is active capital.",
    ],
  }),
  ...section("momentum", {
    MOMENTUM_WINDOW_MS: [momentum.MOMENTUM_WINDOW_MS, "ms", "Supply momentum windows (24h, 7d)."],
    MOMENTUM_MATCH_TOLERANCE_MS: [
      momentum.MOMENTUM_MATCH_TOLERANCE_MS,
      "ms",
      "Largest distance of a history point from the window start to serve as its baseline.",
    ],
  }),
  ...section("concentration", {
    HHI_MAX: [
      concentration.HHI_MAX,
      "HHI",
      "HHI of a single participant (shares in percent, squared).",
    ],
    HHI_UNCONCENTRATED_MAX: [
      concentration.HHI_UNCONCENTRATED_MAX,
      "HHI",
      "HHI below this is unconcentrated (DOJ/FTC 2010).",
    ],
    HHI_HIGHLY_CONCENTRATED_MIN: [
      concentration.HHI_HIGHLY_CONCENTRATED_MIN,
      "HHI",
      "HHI above this is highly concentrated (DOJ/FTC 2010).",
    ],
  }),
  ...section("risk-score", {
    RISK_WEIGHTS: [
      risk.RISK_WEIGHTS,
      "weight",
      "Risk-score component weights (sum 1), never renormalised: an unknown component keeps its weight.",
    ],
    UNKNOWN_COMPONENT_SCORE: [
      risk.UNKNOWN_COMPONENT_SCORE,
      "points",
      "What an unknown risk component scores: the weakest value a known input can give.",
    ],
    REPORTING_SCORES: [
      risk.REPORTING_SCORES,
      "points",
      "Transparency points per reserve-reporting method.",
    ],
    CADENCE_SCORES: [
      risk.CADENCE_SCORES,
      "points",
      "Transparency points per reserve-report cadence.",
    ],
    TRANSPARENCY_BLEND: [
      risk.TRANSPARENCY_BLEND,
      "weight",
      "Blend of reporting and cadence points in the transparency component.",
    ],
    RATIO_FLOOR: [
      risk.RATIO_FLOOR,
      "ratio",
      "Depth ÷ market cap at or below which the liquidity component is 0.",
    ],
    RATIO_CEIL: [
      risk.RATIO_CEIL,
      "ratio",
      "Depth ÷ market cap at or above which the liquidity component is 100.",
    ],
    PEG_SHARE_PENALTY_POINTS: [
      risk.PEG_SHARE_PENALTY_POINTS,
      "points",
      "Peg-stability penalty per unit share of time outside ±10/±50/±100 bps.",
    ],
    PEG_WORST_PENALTY_MAX_POINTS: [
      risk.PEG_WORST_PENALTY_MAX_POINTS,
      "points",
      "Largest peg-stability penalty for the worst deviation.",
    ],
    PEG_WORST_FULL_PENALTY_BPS: [
      risk.PEG_WORST_FULL_PENALTY_BPS,
      "bps",
      "Worst |deviation| that earns the full worst-deviation penalty.",
    ],
    PEG_EXCURSION_PENALTY_POINTS: [
      risk.PEG_EXCURSION_PENALTY_POINTS,
      "points",
      "Peg-stability penalty per excursion beyond ±100 bps.",
    ],
    PEG_EXCURSION_PENALTY_MAX_POINTS: [
      risk.PEG_EXCURSION_PENALTY_MAX_POINTS,
      "points",
      "Cap on the total excursion penalty.",
    ],
  }),
  ...section("chain-peg", {
    CHAIN_PEG_MIN_POOL_TVL_USD: [
      chainPeg.CHAIN_PEG_MIN_POOL_TVL_USD,
      "USD",
      "Pools below this TVL are left out of a coin's chain-local price.",
    ],
    CHAIN_LOCAL_DEPEG_BPS: [
      chainPeg.CHAIN_LOCAL_DEPEG_BPS,
      "bps",
      "Chain-local |deviation| beyond which chain_local_depeg is raised.",
    ],
    CHAIN_AGGREGATE_CALM_BPS: [
      chainPeg.CHAIN_AGGREGATE_CALM_BPS,
      "bps",
      "The coin's aggregate |deviation| must be within this for chain_local_depeg.",
    ],
  }),
  ...section("chain-supply", {
    CHAIN_SUM_TOLERANCE: [
      chainSupply.CHAIN_SUM_TOLERANCE,
      "ratio",
      "Allowed gap between a chain's total and the sum of its coins.",
    ],
    CHAIN_TOP_COINS: [
      chainSupply.CHAIN_TOP_COINS,
      "coins",
      "Largest coins listed per chain in the chain ranking.",
    ],
  }),
  ...HISTORY_METHODOLOGY_CONSTANTS,
};

export type MethodologyConstantName = keyof typeof METHODOLOGY_CONSTANTS;
