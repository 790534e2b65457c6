/**
 * Every warm task the refresher runs (docs/refresher.md, "Adding a key family"). A new key family
 * plugs in with one line here: a `WarmTask` (`./tasks`) whose items call the family's reader.
 */
import {
  aggregatePricesTask,
  aggregateTask,
  chartsTask,
  coinDetailTask,
  coinHourlyTask,
  coinPricesTask,
  exitCostTask,
  longHistoryTask,
  poolsTask,
  quotesTask,
  supplyHistoryTask,
  tickersTask,
} from "./families";
import type { WarmTask } from "./tasks";

export const WARM_TASKS: readonly WarmTask[] = [
  aggregateTask,
  aggregatePricesTask,
  quotesTask,
  coinPricesTask,
  poolsTask,
  coinDetailTask,
  coinHourlyTask,
  supplyHistoryTask,
  tickersTask,
  chartsTask,
  longHistoryTask,
  exitCostTask,
];
