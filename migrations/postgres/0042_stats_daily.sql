-- The daily rollup of listener_hourly by Brasília day (`at` is the day's 00:00 in Brasília, as UTC
-- seconds): a history by day, week or month over a year of every channel reads 14 × 365 rows instead
-- of 14 × 8760 hourly ones. A covering index answers the history from the index alone.
CREATE TABLE listener_daily (
    at            BIGINT NOT NULL,
    channel       TEXT NOT NULL,
    samples       BIGINT NOT NULL,
    max_listeners BIGINT NOT NULL,
    min_listeners BIGINT NOT NULL,
    sum_listeners BIGINT NOT NULL,
    PRIMARY KEY (at, channel)                 -- retention deletes by age
);
CREATE INDEX listener_daily_channel ON listener_daily (channel, at)
    INCLUDE (samples, max_listeners, min_listeners, sum_listeners);
