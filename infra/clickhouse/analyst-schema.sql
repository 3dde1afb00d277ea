-- The analysts' schema (docs/analysts.md#schema): views in their own database over the
-- product's tables, so that `SELECT *` shows only what is documented (the visitor as a
-- 64-bit number, never the stored hash; no log positions) and a ClickHouse role can be
-- granted this database alone (infra/clickhouse/analyst-role.sql). `{database}` is
-- CLICKHOUSE_DATABASE, `{analysts}` the analysts' database (`{database}_analysts`).
-- Applied at start on chDB and on a server alike; statements end with ';' at a line end.

CREATE DATABASE IF NOT EXISTS {analysts};

-- One row per redirect answered, bots included (is_bot = 1).
CREATE OR REPLACE VIEW {analysts}.clicks AS
SELECT link_id, owner_id, at, country, referrer, source, browser, os, device, is_bot, visitor, destination, rule, variant
FROM {database}.clicks;

-- Human clicks per link, UTC day and value of one breakdown; dimension '' is the day's total.
CREATE OR REPLACE VIEW {analysts}.clicks_daily AS
SELECT link_id, day, dimension, value, sum(clicks) AS clicks
FROM {database}.clicks_daily
GROUP BY link_id, day, dimension, value;

-- Every link ever created, deleted ones included (deleted = 1).
CREATE OR REPLACE VIEW {analysts}.links AS
SELECT
  link_id,
  ifNull(argMax(owner_id, position), 0) AS owner_id,
  ifNull(argMax(short_code, position), '') AS short_code,
  ifNull(argMax(destination, position), '') AS destination,
  ifNull(argMax(title, position), '') AS title,
  ifNull(argMax(created_via, position), '') AS created_via,
  argMax(custom_domain, position) AS custom_domain,
  minIf(at, fact = 'created') AS created_at,
  ifNull(argMax(is_active, position), 1) AS is_active,
  ifNull(argMax(disabled, position), 0) AS disabled,
  max(fact = 'deleted') AS deleted
FROM {database}.link_facts
GROUP BY link_id;

-- Every account that can own links: its plan and status now, never who it is.
CREATE OR REPLACE VIEW {analysts}.owners AS
SELECT
  owner_id,
  minIf(at, fact = 'registered') AS registered_at,
  ifNull(argMax(role, position), 'user') AS role,
  ifNull(argMax(status, position), 'active') AS status,
  ifNull(argMax(plan, position), 'free') AS plan,
  ifNull(argMax(plan_status, position), 'active') AS plan_status
FROM {database}.owner_facts
GROUP BY owner_id;
