-- =================================================================================================
-- supply_by_chain — circulating supply of each tracked USD stablecoin, per chain
-- =================================================================================================
-- Query id variable : DUNE_QUERY_SUPPLY_BY_CHAIN (digits only; the number in dune.com/queries/<id>)
-- Snapshot TTL class: breakdown — cached 12 h (CACHE_TTL_BREAKDOWN_SECONDS, never lower)
-- Row contract      : docs/route-contract.md "Scheduled snapshots", zod `supplyByChainRow` in lib/snapshot/query-rows.ts
--     token_symbol  varchar  tracked symbol (USDT, USDC, DAI, USDS, USDe, FDUSD, PYUSD, USD1,
--                            FRAX, LUSD, crvUSD, GHO); bridged variants folded into their symbol
--     blockchain    varchar  Dune chain name (ethereum, base, optimism, arbitrum, polygon, bnb,
--                            avalanche_c)
--     supply        double   circulating supply in TOKEN UNITS (not USD), > 0
-- Privacy           : aggregate-only, no holder analytics: one row per (token, chain), minted
--                     minus burned totals. No wallet or balance data; no labels are used at all.
-- Method            : Transfer events from/to the zero address (tokens.transfers) over the
--                     stablecoin lists of the spellbook (tokens_<chain>.erc20_stablecoins), plus
--                     Tether's Issue/Redeem/DestroyedBlackFunds events on Ethereum (USDT mints
--                     and burns there emit no Transfer from/to 0x0). Caveat: tokens locked in a
--                     canonical bridge escrow on Ethereum also appear as bridged supply on L2s.
-- Operator (Dune UI): Create → New query → paste this whole file → Run once to check → Save
--                     (name it "stablecoin-intel supply_by_chain") → copy the id from the URL into
--                     DUNE_QUERY_SUPPLY_BY_CHAIN. Then "Schedule" on the query page: refresh every
--                     12 hours (or the nearest shorter interval offered). The service only reads
--                     the latest stored result (GET /query/{id}/results); it never runs the query.
--                     `npm run prime` copies that stored result into the shared cache.
-- =================================================================================================
WITH listed AS (
    SELECT blockchain, contract_address, symbol FROM tokens_ethereum.erc20_stablecoins
    UNION ALL SELECT blockchain, contract_address, symbol FROM tokens_base.erc20_stablecoins
    UNION ALL SELECT blockchain, contract_address, symbol FROM tokens_optimism.erc20_stablecoins
    UNION ALL SELECT blockchain, contract_address, symbol FROM tokens_arbitrum.erc20_stablecoins
    UNION ALL SELECT blockchain, contract_address, symbol FROM tokens_polygon.erc20_stablecoins
    UNION ALL SELECT blockchain, contract_address, symbol FROM tokens_bnb.erc20_stablecoins
    UNION ALL SELECT blockchain, contract_address, symbol FROM tokens_avalanche_c.erc20_stablecoins
),

tracked AS (
    SELECT DISTINCT
        blockchain,
        contract_address,
        CASE
            WHEN symbol IN ('USDC.e', 'USDbC', 'axlUSDC') THEN 'USDC'
            WHEN symbol IN ('USDT.e', 'USDT0', 'USD₮0') THEN 'USDT'
            WHEN symbol IN ('DAI.e') THEN 'DAI'
            ELSE symbol
        END AS token_symbol
    FROM listed
),

majors AS (
    SELECT * FROM tracked
    WHERE token_symbol IN (
        'USDT', 'USDC', 'DAI', 'USDS', 'USDe', 'FDUSD', 'PYUSD', 'USD1', 'FRAX', 'LUSD', 'crvUSD', 'GHO'
    )
),

mint_burn AS (
    SELECT
        m.token_symbol,
        t.blockchain,
        SUM(
            CASE
                WHEN t."from" = 0x0000000000000000000000000000000000000000 THEN t.amount
                ELSE -t.amount
            END
        ) AS net_minted
    FROM tokens.transfers AS t
    INNER JOIN majors AS m
        ON m.blockchain = t.blockchain
        AND m.contract_address = t.contract_address
    WHERE t.blockchain IN ('ethereum', 'base', 'optimism', 'arbitrum', 'polygon', 'bnb', 'avalanche_c')
        AND (
            t."from" = 0x0000000000000000000000000000000000000000
            OR t."to" = 0x0000000000000000000000000000000000000000
        )
        AND t."from" <> t."to"
    GROUP BY 1, 2
),

-- USDT on Ethereum: supply changes through Issue / Redeem / DestroyedBlackFunds (6 decimals).
tether_ethereum_adjustment AS (
    SELECT 'USDT' AS token_symbol, 'ethereum' AS blockchain, SUM(delta) AS net_minted
    FROM (
        SELECT CAST(amount AS double) / 1e6 AS delta FROM tether_ethereum.TetherToken_evt_Issue
        UNION ALL
        SELECT -CAST(amount AS double) / 1e6 FROM tether_ethereum.TetherToken_evt_Redeem
        UNION ALL
        SELECT -CAST(_balance AS double) / 1e6 FROM tether_ethereum.TetherToken_evt_DestroyedBlackFunds
    ) AS events
),

combined AS (
    SELECT token_symbol, blockchain, net_minted FROM mint_burn
    UNION ALL
    SELECT token_symbol, blockchain, net_minted FROM tether_ethereum_adjustment
)

SELECT
    token_symbol AS token_symbol,
    blockchain AS blockchain,
    CAST(SUM(net_minted) AS double) AS supply
FROM combined
GROUP BY 1, 2
HAVING SUM(net_minted) > 0
ORDER BY supply DESC
