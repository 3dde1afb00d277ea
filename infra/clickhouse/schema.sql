-- Linkledger analytics schema. Applied at start on chDB (embedded) and on a ClickHouse
-- server alike, inside the configured database. Statements are separated by ';' at the
-- end of a line.

-- One row per click the redirect answered, bots included (is_bot marks them) so that a
-- changed bot policy is a replay, not a loss. `position` is the event's global position in
-- the log: the analytics projector's checkpoint is max(position), and each batch is one
-- INSERT (one part), so a batch is either wholly visible or not at all. The table is not
-- partitioned on purpose: an INSERT spanning partitions would write several parts.
-- `visitor` is the visitor hash as a 64-bit number, computed on insert: distinct visitors
-- are counted over it, several times faster than over the string (a collision among a
-- link's visitors is ~10⁻⁸ at a million of them).
-- `destination` is where the click was sent, `rule` and `variant` which targeting rule and
-- A/B variant chose it (1-based, 0 for none), so analytics split by them exactly and an
-- edited rule never rewrites the past (docs/links.md#analytics-by-rule-and-variant).
CREATE TABLE IF NOT EXISTS clicks (
  position UInt64,
  link_id UInt64,
  owner_id UInt64,
  at DateTime64(3, 'UTC'),
  country LowCardinality(String),
  referrer String,
  source LowCardinality(String),
  browser LowCardinality(String),
  os LowCardinality(String),
  device LowCardinality(String),
  is_bot UInt8,
  visitor_hash String,
  visitor UInt64 MATERIALIZED cityHash64(visitor_hash),
  destination String,
  rule UInt8,
  variant UInt8
) ENGINE = MergeTree
ORDER BY (link_id, at, position);

-- Tables made before `visitor` existed get it here; their old rows compute it when read.
ALTER TABLE clicks ADD COLUMN IF NOT EXISTS visitor UInt64 MATERIALIZED cityHash64(visitor_hash);

-- Tables made before smart links get these; their old rows read rule 0 and variant 0 (there
-- were no rules then) and an empty destination, which only a replay of the log can fill:
-- the store reports it (lacksFacts) and an online rebuild fills it.
ALTER TABLE clicks
  ADD COLUMN IF NOT EXISTS destination String,
  ADD COLUMN IF NOT EXISTS rule UInt8,
  ADD COLUMN IF NOT EXISTS variant UInt8;

-- Human clicks per link, UTC day and value of each breakdown (dimension '' is the day's
-- total), summed as parts merge. Every period and range the analytics answer is whole UTC
-- days, so counts, the daily series and the top-10 breakdowns read a few thousand rows
-- here instead of every click of a busy link. Kept by the view below on every INSERT into
-- clicks; emptied with it (truncate) and refilled by the same inserts on a rebuild.
CREATE TABLE IF NOT EXISTS clicks_daily (
  link_id UInt64,
  day Date,
  dimension LowCardinality(String),
  value String,
  clicks UInt64
) ENGINE = SummingMergeTree
ORDER BY (link_id, day, dimension, value);

CREATE MATERIALIZED VIEW IF NOT EXISTS clicks_daily_mv TO clicks_daily AS
SELECT link_id, toDate(at) AS day, dimension, value, count() AS clicks
FROM clicks
ARRAY JOIN
  ['', 'referrer', 'country', 'device', 'browser', 'os'] AS dimension,
  ['', toString(referrer), toString(country), toString(device), toString(browser), toString(os)] AS value
WHERE is_bot = 0
GROUP BY link_id, day, dimension, value;

-- What analysts see of links and their owners (docs/analysts.md), kept by the analytics
-- projector from the link and account events: one row per event that changed something,
-- with only the fields that event set (NULL for the rest); the analysts' `links` and
-- `owners` views fold them, the latest value of each field winning. Rows are keyed by
-- (id, position), so a batch replayed after a crash replaces itself. Nothing personal is
-- kept: no e-mail address, no name.
CREATE TABLE IF NOT EXISTS link_facts (
  position UInt64,
  link_id UInt64,
  at DateTime64(3, 'UTC'),
  fact LowCardinality(String),
  owner_id Nullable(UInt64),
  short_code Nullable(String),
  destination Nullable(String),
  title Nullable(String),
  created_via Nullable(String),
  custom_domain Nullable(String),
  is_active Nullable(UInt8),
  disabled Nullable(UInt8)
) ENGINE = ReplacingMergeTree
ORDER BY (link_id, position);

CREATE TABLE IF NOT EXISTS owner_facts (
  position UInt64,
  owner_id UInt64,
  at DateTime64(3, 'UTC'),
  fact LowCardinality(String),
  role Nullable(String),
  status Nullable(String),
  plan Nullable(String),
  plan_status Nullable(String)
) ENGINE = ReplacingMergeTree
ORDER BY (owner_id, position);
