-- Staff statistics (issue 6): the hourly rollup of the per-minute listener samples. Minute samples are
-- kept for 180 days; their hours are rolled up here (kept for 5 years) by the retention job in
-- routes/stats.rs. The sum and the sample count are stored instead of the mean, so the mean of any
-- coarser period is exact (sum of sums / sum of counts). Conventions of db.rs: BIGINT, Unix seconds.
CREATE TABLE listener_hourly (
    at            BIGINT NOT NULL,            -- Unix seconds, start of the hour (UTC = Brasília hour)
    channel       TEXT NOT NULL,              -- as listener_samples.channel
    samples       BIGINT NOT NULL,            -- minute samples in the hour
    max_listeners BIGINT NOT NULL,
    min_listeners BIGINT NOT NULL,
    sum_listeners BIGINT NOT NULL,
    PRIMARY KEY (at, channel)
);
CREATE INDEX listener_hourly_channel ON listener_hourly (channel, at);
