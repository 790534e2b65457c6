/**
 * A coin's token contracts from the market provider's coin detail, cached 24 h; a 404 is an
 * answer (`listed: false`).
 */
import { z } from "zod";
import type { ContractAddress } from "@/lib/domain/types";
import { fetchCoinContracts } from "@/lib/providers/coingecko/client";
import { isProviderError } from "@/lib/providers/errors";
import type { CachedRead } from "./read-through";
import { readFamily, type ReadOpts } from "./reader";
const HTTP_NOT_FOUND = 404;

export interface CoinContracts {
  /** False when the market provider answered 404 for the id. */
  listed: boolean;
  contracts: ContractAddress[];
}

const contractsShape = z.object({
  listed: z.boolean(),
  contracts: z.array(
    z.object({ platform: z.string(), address: z.string(), decimals: z.number().nullable() }),
  ),
});

export function readCoinContracts(
  coingeckoId: string,
  opts?: ReadOpts,
): Promise<CachedRead<CoinContracts>> {
  return readFamily({
    family: "live:coin-detail",
    key: `live:v1:coingecko:coin-detail:${coingeckoId}`,
    schema: contractsShape,
    fetch: async () => {
      try {
        return { listed: true, contracts: await fetchCoinContracts(coingeckoId) };
      } catch (e) {
        if (isProviderError(e) && e.status === HTTP_NOT_FOUND)
          return { listed: false, contracts: [] };
        throw e;
      }
    },
    opts,
  });
}
