-- Rate limits (server/src/auth/rate_limit.rs) as a fixed set of slots per bucket. A hit claims a slot
-- that is free or whose hit has left the window, in one INSERT … ON CONFLICT DO UPDATE … WHERE, so
-- concurrent hits can never hold more than the limit's slots on either database (the old DELETE,
-- COUNT, INSERT let 6 of 30 concurrent registrations through a limit of 5). The bucket is the
-- SHA-256 of its key (hex), so a row's size is bounded whatever a client sends.
DROP TABLE rate_limit_hits;
CREATE TABLE rate_limit_slots (
    bucket TEXT NOT NULL,
    slot   BIGINT NOT NULL,
    at     BIGINT NOT NULL,
    PRIMARY KEY (bucket, slot)
);
CREATE INDEX rate_limit_slots_at ON rate_limit_slots (at);
