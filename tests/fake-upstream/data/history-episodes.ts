/**
 * Long-range peg episodes (older than 30 days), seen only by the 90-day (hourly) and 365-day
 * (daily) `market_chart` series, so the 24h/7d/30d windows stay as they were. Same shape as
 * PEG_EPISODES (see constants.ts).
 *
 *   FRAX: +130 bps premium ~60 days ago. Hourly points 1444…1440 h ago sit at +130 bps, 1445 and
 *         1439 h ago at +65 bps: one hourly event from 1444 h ago to 1438 h ago (6 h). The daily
 *         series has one point in it (1440 h ago): a spike there, not an event.
 *   USDe: −250 bps ~200 days ago. Daily points 4872…4776 h ago lie beyond −100 bps: one daily
 *         event from 4872 h ago to 4752 h ago (5 days), worst −250 bps first at 4848 h ago.
 */
import type { PegEpisode } from "../constants";

export const HISTORY_EPISODES: readonly PegEpisode[] = [
  {
    coingeckoId: "frax",
    fromHoursAgo: 1446,
    plateauFromHoursAgo: 1444,
    plateauToHoursAgo: 1440,
    toHoursAgo: 1438,
    extremeBps: 130,
  },
  {
    coingeckoId: "ethena-usde",
    fromHoursAgo: 4900,
    plateauFromHoursAgo: 4850,
    plateauToHoursAgo: 4780,
    toHoursAgo: 4750,
    extremeBps: -250,
  },
];
