-- The history reads a range of hours of a few channels: a covering index answers it from the index
-- alone (SQLite clusters the table on (channel, at) instead, 0041 there).
DROP INDEX listener_hourly_channel;
CREATE INDEX listener_hourly_channel ON listener_hourly (channel, at)
    INCLUDE (samples, max_listeners, min_listeners, sum_listeners);
