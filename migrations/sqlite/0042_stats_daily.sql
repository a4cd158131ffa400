-- The daily rollup of listener_hourly by Brasília day (`at` is the day's 00:00 in Brasília, as UTC
-- seconds): a history by day, week or month over a year of every channel reads 14 × 365 rows instead
-- of 14 × 8760 hourly ones. Clustered on (channel, at) like the hourly table.
CREATE TABLE listener_daily (
    at            BIGINT NOT NULL,
    channel       TEXT NOT NULL,
    samples       BIGINT NOT NULL,
    max_listeners BIGINT NOT NULL,
    min_listeners BIGINT NOT NULL,
    sum_listeners BIGINT NOT NULL,
    PRIMARY KEY (channel, at)
) WITHOUT ROWID;
-- Retention deletes by age.
CREATE INDEX listener_daily_at ON listener_daily (at);
