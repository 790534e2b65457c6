-- =================================================================================================
-- cex_flows — large stablecoin transfers between CEX-labeled and unlabeled addresses (last 7 days)
-- =================================================================================================
-- Query id variable : DUNE_QUERY_CEX_FLOWS (digits only; the number in dune.com/queries/<id>)
-- Snapshot TTL class: movement — cached 12 h (CACHE_TTL_MOVEMENT_SECONDS, never lower)
-- Row contract      : docs/route-contract.md "Scheduled snapshots", zod `cexFlowRow` in lib/snapshot/query-rows.ts
--     block_time    timestamp  block time of the transfer (UTC)
--     blockchain    varchar    Dune chain name (ethereum, base, optimism, arbitrum, …)
--     token_symbol  varchar    tracked stablecoin symbol (bridged variants folded in)
--     amount_usd    double     USD value of the transfer (token amount when no price), >= 1,000,000
--     from_address  varchar    0x + 40 lowercase hex
--     to_address    varchar    0x + 40 lowercase hex
--     from_label    varchar    CEX name from the public label table, NULL when unlabeled
--     to_label      varchar    CEX name from the public label table, NULL when unlabeled
--     label_source  varchar    where the CEX label comes from (spellbook cex.addresses + contributor)
--     direction     varchar    'cex_to_unlabeled' or 'unlabeled_to_cex'
--     tx_hash       varchar    0x + 64 lowercase hex
-- Privacy           : aggregate-only, no holder analytics: a movement feed of public on-chain
--                     transfers >= 1,000,000 USD where one side is a CEX, nothing else — no
--                     balances, no per-wallet history, no clustering. Labels come ONLY from the
--                     public, source-backed spellbook table cex.addresses. The other side must
--                     carry no public label at all (neither cex.addresses nor labels.addresses)
--                     and stays unlabeled: NULL, never guessed, never enriched.
-- Operator (Dune UI): Create → New query → paste this whole file → Run once to check → Save
--                     (name it "stablecoin-intel cex_flows") → copy the id from the URL into
--                     DUNE_QUERY_CEX_FLOWS. Then "Schedule" on the query page: refresh every
--                     12 hours (or the nearest shorter interval offered). The service only reads
--                     the latest stored result (GET /query/{id}/results); it never runs the query.
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

-- Public, source-backed CEX labels: one name per address.
cex AS (
    SELECT
        blockchain,
        address,
        MIN(cex_name) AS cex_name,
        'spellbook cex.addresses (' || COALESCE(MIN(added_by), 'unattributed') || ')' AS label_source
    FROM cex.addresses
    WHERE blockchain IN ('ethereum', 'base', 'optimism', 'arbitrum', 'polygon', 'bnb', 'avalanche_c')
        AND cex_name IS NOT NULL
    GROUP BY 1, 2
),

-- Any public label of any kind: such an address is not "unlabeled" and is left out.
any_label AS (
    SELECT DISTINCT blockchain, address
    FROM labels.addresses
    WHERE blockchain IN ('ethereum', 'base', 'optimism', 'arbitrum', 'polygon', 'bnb', 'avalanche_c')
),

large AS (
    SELECT
        t.block_time,
        t.blockchain,
        m.token_symbol,
        COALESCE(t.amount_usd, t.amount) AS amount_usd,
        t."from" AS from_address,
        t."to" AS to_address,
        t.tx_hash
    FROM tokens.transfers AS t
    INNER JOIN majors AS m
        ON m.blockchain = t.blockchain
        AND m.contract_address = t.contract_address
    WHERE t.block_date >= CURRENT_DATE - INTERVAL '8' DAY
        AND t.block_time >= NOW() - INTERVAL '7' DAY
        AND COALESCE(t.amount_usd, t.amount) >= 1000000
),

classified AS (
    SELECT
        l.*,
        cf.cex_name AS from_cex,
        ct.cex_name AS to_cex,
        COALESCE(cf.label_source, ct.label_source) AS label_source,
        CASE WHEN cf.address IS NOT NULL THEN 'cex_to_unlabeled' ELSE 'unlabeled_to_cex' END AS direction
    FROM large AS l
    LEFT JOIN cex AS cf ON cf.blockchain = l.blockchain AND cf.address = l.from_address
    LEFT JOIN cex AS ct ON ct.blockchain = l.blockchain AND ct.address = l.to_address
    LEFT JOIN any_label AS lf ON lf.blockchain = l.blockchain AND lf.address = l.from_address
    LEFT JOIN any_label AS lt ON lt.blockchain = l.blockchain AND lt.address = l.to_address
    WHERE (cf.address IS NOT NULL AND ct.address IS NULL AND lt.address IS NULL)
        OR (ct.address IS NOT NULL AND cf.address IS NULL AND lf.address IS NULL)
)

SELECT
    block_time AS block_time,
    blockchain AS blockchain,
    token_symbol AS token_symbol,
    CAST(amount_usd AS double) AS amount_usd,
    '0x' || LOWER(TO_HEX(from_address)) AS from_address,
    '0x' || LOWER(TO_HEX(to_address)) AS to_address,
    from_cex AS from_label,
    to_cex AS to_label,
    label_source AS label_source,
    direction AS direction,
    '0x' || LOWER(TO_HEX(tx_hash)) AS tx_hash
FROM classified
ORDER BY amount_usd DESC
LIMIT 1000
