-- Server mode: a read-only role for analysts who connect to ClickHouse itself rather than
-- to Linkledger's analysts' endpoint (docs/analysts.md#connecting-to-clickhouse-directly).
-- It has the endpoint's limits, enforced by ClickHouse as constraints the analyst cannot
-- change, and reads the analysts' database only: the views of analyst-schema.sql, which
-- Linkledger creates at start. Run it as an administrator after the first start, with the
-- database names of your installation (here the defaults, CLICKHOUSE_DATABASE=linkledger):
--
--   clickhouse-client --multiquery < infra/clickhouse/analyst-role.sql
--
-- then give each analyst a user of their own:
--
--   CREATE USER ana IDENTIFIED WITH sha256_password BY '…' DEFAULT ROLE linkledger_analyst
--     DEFAULT DATABASE linkledger_analysts SETTINGS PROFILE 'linkledger_analyst';
--   GRANT linkledger_analyst TO ana;

CREATE SETTINGS PROFILE IF NOT EXISTS linkledger_analyst SETTINGS
  readonly = 2 CONST,
  max_execution_time = 30 MAX 30,
  timeout_overflow_mode = 'throw',
  max_result_rows = 1000000 MAX 1000000,
  max_result_bytes = 104857600 MAX 104857600,
  result_overflow_mode = 'throw',
  max_rows_to_read = 1000000000 MAX 1000000000,
  max_bytes_to_read = 107374182400 MAX 107374182400,
  read_overflow_mode = 'throw',
  max_memory_usage = 2147483648 MAX 2147483648,
  max_query_size = 262144 CONST,
  max_concurrent_queries_for_user = 3 CONST;

CREATE ROLE IF NOT EXISTS linkledger_analyst SETTINGS PROFILE 'linkledger_analyst';

-- The views run as the analyst (SQL SECURITY INVOKER, ClickHouse's default), so the role
-- also reads the product's columns the views show, and only those: never visitor_hash.
GRANT SELECT ON linkledger_analysts.* TO linkledger_analyst;
GRANT SELECT(link_id, owner_id, at, country, referrer, source, browser, os, device, is_bot, visitor, destination, rule, variant) ON linkledger.clicks TO linkledger_analyst;
GRANT SELECT ON linkledger.clicks_daily TO linkledger_analyst;
GRANT SELECT ON linkledger.link_facts TO linkledger_analyst;
GRANT SELECT ON linkledger.owner_facts TO linkledger_analyst;

-- No table functions that reach files, URLs or other servers: they need these grants,
-- which the role does not have (and REVOKE makes sure a wider default does not leak in).
REVOKE FILE, URL, REMOTE, S3, HDFS, MYSQL, POSTGRES, ODBC, JDBC, SOURCES, dictGet, INTROSPECTION, CREATE TEMPORARY TABLE ON *.* FROM linkledger_analyst;
