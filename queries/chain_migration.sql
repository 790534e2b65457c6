-- =================================================================================================
-- chain_migration — stablecoin value bridged between chains (7d / 30d)
-- =================================================================================================
-- Query id variable : DUNE_QUERY_CHAIN_MIGRATION (digits only; the number in dune.com/queries/<id>)
-- Snapshot TTL class: migration — cached 24 h (CACHE_TTL_MIGRATION_SECONDS, never lower)
-- Row contract      : docs/route-contract.md "Scheduled snapshots", zod `chainMigrationRow` in lib/snapshot/query-rows.ts
--     token_symbol       varchar  tracked stablecoin symbol (bridged variants folded in)
--     source_chain       varchar  Dune chain name the value left (the deposit chain)
--     destination_chain  varchar  Dune chain name the value arrived on (the withdrawal chain)
--     window             varchar  '7d' or '30d' (trailing, ending at run time)
--     amount_usd         double   USD bridged in the window (token amount when no price), > 0
-- Privacy           : aggregate-only, no holder analytics: sums per (token, source chain,
--                     destination chain, window). No sender, recipient or transaction appears.
--                     Bridges are identified by the public spellbook sector spell bridges.flows;
--                     no address labels are inferred; unlabeled stays unlabeled.
-- Operator (Dune UI): Create → New query → paste this whole file → Run once to check → Save
--                     (name it "stablecoin-intel chain_migration") → copy the id from the URL into
--                     DUNE_QUERY_CHAIN_MIGRATION. Then "Schedule" on the query page: refresh every
--                     24 hours (daily). The service only reads the latest stored result
--                     (GET /query/{id}/results); it never runs the query.
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

majors AS (
    SELECT DISTINCT blockchain, contract_address, token_symbol
    FROM (
        SELECT
            blockchain,
            contract_address,
            CASE
                WHEN symbol IN ('USDC.e', 'USDbC', 'axlUSDC') THEN 'USDC'
                WHEN symbol IN ('USDT.e', 'USDT0', 'USD₮0') THEN 'USDT'
                WHEN symbol IN ('DAI.e') THEN 'DAI'
                ELSE symbol
            END AS token_symbol
        FROM listed
    ) AS folded
    WHERE token_symbol IN (
        'USDT', 'USDC', 'DAI', 'USDS', 'USDe', 'FDUSD', 'PYUSD', 'USD1', 'FRAX', 'LUSD', 'crvUSD', 'GHO'
    )
),

windows AS (
    SELECT * FROM (VALUES ('7d', INTERVAL '7' DAY), ('30d', INTERVAL '30' DAY)) AS w (window_name, span)
),

-- One row per bridge transfer, identified by its deposit side (the chain the value left).
bridged AS (
    SELECT
        f.block_time,
        m.token_symbol,
        f.deposit_chain AS source_chain,
        f.withdrawal_chain AS destination_chain,
        COALESCE(f.deposit_amount_usd, f.deposit_amount) AS amount_usd
    FROM bridges.flows AS f
    INNER JOIN majors AS m
        ON m.blockchain = f.deposit_chain
        AND m.contract_address = f.deposit_token_address
    WHERE f.block_date >= CURRENT_DATE - INTERVAL '31' DAY
        AND f.block_time >= NOW() - INTERVAL '30' DAY
        AND f.deposit_chain IS NOT NULL
        AND f.withdrawal_chain IS NOT NULL
        AND f.deposit_chain <> f.withdrawal_chain
),

totals AS (
    SELECT
        b.token_symbol,
        b.source_chain,
        b.destination_chain,
        w.window_name,
        SUM(b.amount_usd) AS amount_usd
    FROM bridged AS b
    INNER JOIN windows AS w ON b.block_time >= NOW() - w.span
    GROUP BY 1, 2, 3, 4
)

SELECT
    token_symbol AS token_symbol,
    source_chain AS source_chain,
    destination_chain AS destination_chain,
    window_name AS "window",
    CAST(amount_usd AS double) AS amount_usd
FROM totals
WHERE amount_usd > 0
ORDER BY window_name, amount_usd DESC
