-- Linkledger analytics schema. Applied at start on chDB (embedded) and on a ClickHouse
-- server alike, inside the configured database. Statements are separated by ';' at the
-- end of a line.

-- One row per click the redirect answered, bots included (is_bot marks them) so that a
-- changed bot policy is a replay, not a loss. `position` is the event's global position in
-- the log: the analytics projector's checkpoint is max(position), and each batch is one
-- INSERT (one part), so a batch is either wholly visible or not at all. The table is not
-- partitioned on purpose: an INSERT spanning partitions would write several parts.
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
  visitor_hash String
) ENGINE = MergeTree
ORDER BY (link_id, at, position);
