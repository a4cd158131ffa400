-- The hourly rollup stored by channel and hour (WITHOUT ROWID, clustered on the key): a year of one
-- channel is one contiguous range, read without a lookup per row (a year by day: ~45 ms → ~20 ms).
-- PostgreSQL gets the same effect from a covering index (0041 there).
CREATE TABLE listener_hourly_by_channel (
    at            BIGINT NOT NULL,
    channel       TEXT NOT NULL,
    samples       BIGINT NOT NULL,
    max_listeners BIGINT NOT NULL,
    min_listeners BIGINT NOT NULL,
    sum_listeners BIGINT NOT NULL,
    PRIMARY KEY (channel, at)
) WITHOUT ROWID;
INSERT INTO listener_hourly_by_channel (at, channel, samples, max_listeners, min_listeners, sum_listeners)
    SELECT at, channel, samples, max_listeners, min_listeners, sum_listeners FROM listener_hourly;
DROP TABLE listener_hourly;
ALTER TABLE listener_hourly_by_channel RENAME TO listener_hourly;
-- Retention deletes by age.
CREATE INDEX listener_hourly_at ON listener_hourly (at);
