-- =================================================================================================
-- issuer_exposure — share of each stablecoin's supply held by publicly labeled entities, per chain
-- =================================================================================================
-- Query id variable : DUNE_QUERY_ISSUER_EXPOSURE (digits only; the number in dune.com/queries/<id>)
-- Snapshot TTL class: exposureFacts — cached 6 h (CACHE_TTL_EXPOSURE_FACTS_SECONDS; 6 h is the
--                     floor and must never be set lower)
-- Row contract      : docs/route-contract.md "Scheduled snapshots", zod `issuerExposureRow` in lib/snapshot/query-rows.ts
--     token_symbol    varchar  tracked stablecoin symbol (bridged variants folded in)
--     issuer          varchar  issuing entity of the token (Tether, Circle, Sky (MakerDAO), …)
--     blockchain      varchar  Dune chain name
--     entity_label    varchar  public label of the holding entity (never NULL: unlabeled
--                              addresses are not reported at all)
--     entity_address  varchar  0x + 40 lowercase hex of the labeled contract/wallet
--     label_source    varchar  the public table the label comes from, with its contributor
--     balance         double   token units held by that labeled address, > 0
--     total_supply    double   token units in circulation on that chain (same method as
--                              supply_by_chain.sql: minted minus burned), > 0
-- Privacy           : aggregate-only, no holder analytics: concentration facts per labeled
--                     entity. Only addresses carrying a public, source-backed IDENTIFIER label
--                     (spellbook cex.addresses, or labels.addresses with label_type
--                     'identifier', excluding ENS/social names) are reported; unlabeled
--                     addresses stay unlabeled and are never listed, ranked or guessed. No
--                     persona/usage labels, no clustering.
-- Operator (Dune UI): Create → New query → paste this whole file → Run once to check → Save
--                     (name it "stablecoin-intel issuer_exposure") → copy the id from the URL into
--                     DUNE_QUERY_ISSUER_EXPOSURE. Then "Schedule" on the query page: refresh every
--                     6 hours (never less often than the 6 h cache). The service only reads the
--                     latest stored result (GET /query/{id}/results); it never runs the query.
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

issuers AS (
    SELECT * FROM (
        VALUES
            ('USDT', 'Tether'), ('USDC', 'Circle'), ('DAI', 'Sky (MakerDAO)'),
            ('USDS', 'Sky (MakerDAO)'), ('USDe', 'Ethena'), ('FDUSD', 'First Digital'),
            ('PYUSD', 'Paxos'), ('USD1', 'World Liberty Financial'), ('FRAX', 'Frax Finance'),
            ('LUSD', 'Liquity'), ('crvUSD', 'Curve'), ('GHO', 'Aave')
    ) AS i (token_symbol, issuer)
),

-- Public, source-backed identifier labels only; one label per address (CEX table first).
entity_labels AS (
    SELECT blockchain, address, MIN_BY(entity_label, priority) AS entity_label,
        MIN_BY(label_source, priority) AS label_source
    FROM (
        SELECT blockchain, address, cex_name AS entity_label,
            'spellbook cex.addresses (' || COALESCE(added_by, 'unattributed') || ')' AS label_source,
            1 AS priority
        FROM cex.addresses
        WHERE blockchain IN ('ethereum', 'base', 'optimism', 'arbitrum', 'polygon', 'bnb', 'avalanche_c')
            AND cex_name IS NOT NULL
        UNION ALL
        SELECT blockchain, address, name AS entity_label,
            'spellbook labels.addresses ' || COALESCE(category, 'uncategorised') || ' ('
                || COALESCE(contributor, 'unattributed') || ')' AS label_source,
            2 AS priority
        FROM labels.addresses
        WHERE blockchain IN ('ethereum', 'base', 'optimism', 'arbitrum', 'polygon', 'bnb', 'avalanche_c')
            AND label_type = 'identifier'
            AND category NOT IN ('ens', 'social')
            AND name IS NOT NULL
    ) AS candidates
    GROUP BY 1, 2
),

-- Net token movement of labeled addresses only (in minus out, full history).
labeled_moves AS (
    SELECT t.blockchain, m.token_symbol, t."to" AS address, t.amount AS delta
    FROM tokens.transfers AS t
    INNER JOIN majors AS m ON m.blockchain = t.blockchain AND m.contract_address = t.contract_address
    INNER JOIN entity_labels AS e ON e.blockchain = t.blockchain AND e.address = t."to"
    UNION ALL
    SELECT t.blockchain, m.token_symbol, t."from" AS address, -t.amount AS delta
    FROM tokens.transfers AS t
    INNER JOIN majors AS m ON m.blockchain = t.blockchain AND m.contract_address = t.contract_address
    INNER JOIN entity_labels AS e ON e.blockchain = t.blockchain AND e.address = t."from"
),

balances AS (
    SELECT blockchain, token_symbol, address, SUM(delta) AS balance
    FROM labeled_moves
    GROUP BY 1, 2, 3
    HAVING SUM(delta) > 0
),

supply AS (
    SELECT m.token_symbol, t.blockchain,
        SUM(CASE WHEN t."from" = 0x0000000000000000000000000000000000000000 THEN t.amount ELSE -t.amount END)
            AS total_supply
    FROM tokens.transfers AS t
    INNER JOIN majors AS m ON m.blockchain = t.blockchain AND m.contract_address = t.contract_address
    WHERE (t."from" = 0x0000000000000000000000000000000000000000
            OR t."to" = 0x0000000000000000000000000000000000000000)
        AND t."from" <> t."to"
    GROUP BY 1, 2
),

-- USDT on Ethereum mints/burns via Issue / Redeem / DestroyedBlackFunds (no Transfer to/from 0x0).
supply_adjusted AS (
    SELECT token_symbol, blockchain, SUM(total_supply) AS total_supply
    FROM (
        SELECT token_symbol, blockchain, total_supply FROM supply
        UNION ALL
        SELECT 'USDT', 'ethereum', CAST(amount AS double) / 1e6 FROM tether_ethereum.TetherToken_evt_Issue
        UNION ALL
        SELECT 'USDT', 'ethereum', -CAST(amount AS double) / 1e6 FROM tether_ethereum.TetherToken_evt_Redeem
        UNION ALL
        SELECT 'USDT', 'ethereum', -CAST(_balance AS double) / 1e6
        FROM tether_ethereum.TetherToken_evt_DestroyedBlackFunds
    ) AS parts
    GROUP BY 1, 2
    HAVING SUM(total_supply) > 0
),

ranked AS (
    SELECT
        b.token_symbol,
        i.issuer,
        b.blockchain,
        e.entity_label,
        b.address,
        e.label_source,
        b.balance,
        s.total_supply,
        ROW_NUMBER() OVER (PARTITION BY b.token_symbol, b.blockchain ORDER BY b.balance DESC) AS rank_on_chain
    FROM balances AS b
    INNER JOIN entity_labels AS e ON e.blockchain = b.blockchain AND e.address = b.address
    INNER JOIN issuers AS i ON i.token_symbol = b.token_symbol
    INNER JOIN supply_adjusted AS s ON s.token_symbol = b.token_symbol AND s.blockchain = b.blockchain
)

SELECT
    token_symbol AS token_symbol,
    issuer AS issuer,
    blockchain AS blockchain,
    SUBSTR(entity_label, 1, 128) AS entity_label,
    '0x' || LOWER(TO_HEX(address)) AS entity_address,
    SUBSTR(label_source, 1, 128) AS label_source,
    CAST(balance AS double) AS balance,
    CAST(total_supply AS double) AS total_supply
FROM ranked
WHERE rank_on_chain <= 25
ORDER BY token_symbol, blockchain, balance DESC
