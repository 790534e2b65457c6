-- =================================================================================================
-- protocol_flows — stablecoin flows into and out of major DeFi protocols (24h / 7d / 30d)
-- =================================================================================================
-- Query id variable : DUNE_QUERY_PROTOCOL_FLOWS (digits only; the number in dune.com/queries/<id>)
-- Snapshot TTL class: leaderboard — cached 24 h (CACHE_TTL_LEADERBOARD_SECONDS, never lower)
-- Row contract      : docs/route-contract.md "Scheduled snapshots", zod `protocolFlowRow` in lib/snapshot/query-rows.ts
--     token_symbol      varchar  tracked stablecoin symbol (bridged variants folded in)
--     protocol          varchar  spellbook project name (aave, compound, spark, uniswap, curve, …)
--     blockchain        varchar  Dune chain name
--     window            varchar  '24h', '7d' or '30d' (trailing, ending at run time)
--     inflow_usd        double   USD moved INTO the protocol in the window, >= 0
--     outflow_usd       double   USD moved OUT OF the protocol in the window, >= 0
--     net_flow_usd      double   inflow_usd - outflow_usd (may be negative)
--     is_yield_bearing  boolean  true for lending supply markets (deposits earn yield), false for
--                                DEX liquidity swaps
-- Privacy           : aggregate-only, no holder analytics: sums per (token, protocol, chain,
--                     window). No wallet, depositor or trader appears. Protocols are identified
--                     by the public, source-backed spellbook sector spells (lending.supply,
--                     dex.trades); no address labels are inferred; unlabeled stays unlabeled.
-- Yield             : is_yield_bearing is a category flag only. No APY, rate, ranking or
--                     projected return is computed here or anywhere in the service.
-- Operator (Dune UI): Create → New query → paste this whole file → Run once to check → Save
--                     (name it "stablecoin-intel protocol_flows") → copy the id from the URL into
--                     DUNE_QUERY_PROTOCOL_FLOWS. Then "Schedule" on the query page: refresh every
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
    SELECT * FROM (
        VALUES ('24h', INTERVAL '1' DAY), ('7d', INTERVAL '7' DAY), ('30d', INTERVAL '30' DAY)
    ) AS w (window_name, span)
),

-- Lending supply markets: deposits flow in, withdrawals (and liquidated collateral) flow out.
lending_events AS (
    SELECT
        s.block_time,
        s.blockchain,
        SUBSTR(s.project, 1, 64) AS protocol,
        m.token_symbol,
        CASE WHEN s.transaction_type = 'deposit' THEN ABS(COALESCE(s.amount_usd, s.amount)) ELSE 0 END AS inflow,
        CASE WHEN s.transaction_type <> 'deposit' THEN ABS(COALESCE(s.amount_usd, s.amount)) ELSE 0 END AS outflow,
        true AS is_yield_bearing
    FROM lending.supply AS s
    INNER JOIN majors AS m
        ON m.blockchain = s.blockchain
        AND m.contract_address = s.token_address
    WHERE s.block_time >= NOW() - INTERVAL '30' DAY
        AND s.transaction_type IN ('deposit', 'withdraw', 'deposit_liquidation')
),

-- DEX venues: a stablecoin sold into a pool flows in, a stablecoin bought out of it flows out.
dex_events AS (
    SELECT
        d.block_time,
        d.blockchain,
        SUBSTR(d.project, 1, 64) AS protocol,
        m.token_symbol,
        CASE WHEN d.token_sold_address = m.contract_address THEN COALESCE(d.amount_usd, d.token_sold_amount) ELSE 0 END AS inflow,
        CASE WHEN d.token_bought_address = m.contract_address THEN COALESCE(d.amount_usd, d.token_bought_amount) ELSE 0 END AS outflow,
        false AS is_yield_bearing
    FROM dex.trades AS d
    INNER JOIN majors AS m
        ON m.blockchain = d.blockchain
        AND (m.contract_address = d.token_sold_address OR m.contract_address = d.token_bought_address)
    WHERE d.block_date >= CURRENT_DATE - INTERVAL '31' DAY
        AND d.block_time >= NOW() - INTERVAL '30' DAY
),

events AS (
    SELECT * FROM lending_events
    UNION ALL
    SELECT * FROM dex_events
),

totals AS (
    SELECT
        e.token_symbol,
        e.protocol,
        e.blockchain,
        w.window_name,
        SUM(e.inflow) AS inflow_usd,
        SUM(e.outflow) AS outflow_usd,
        e.is_yield_bearing
    FROM events AS e
    INNER JOIN windows AS w ON e.block_time >= NOW() - w.span
    GROUP BY 1, 2, 3, 4, 7
),

ranked AS (
    SELECT
        *,
        ROW_NUMBER() OVER (
            PARTITION BY token_symbol, window_name
            ORDER BY inflow_usd + outflow_usd DESC
        ) AS rank_in_window
    FROM totals
)

SELECT
    token_symbol AS token_symbol,
    protocol AS protocol,
    blockchain AS blockchain,
    window_name AS "window",
    CAST(inflow_usd AS double) AS inflow_usd,
    CAST(outflow_usd AS double) AS outflow_usd,
    CAST(inflow_usd - outflow_usd AS double) AS net_flow_usd,
    is_yield_bearing AS is_yield_bearing
FROM ranked
WHERE rank_in_window <= 25
    AND inflow_usd + outflow_usd > 0
ORDER BY token_symbol, window_name, inflow_usd + outflow_usd DESC
