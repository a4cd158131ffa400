-- The studio's live input, per channel (by the stream whose mounts a source connects to): the
-- channel's own source password, stored as an argon2 hash and used instead of ONDA_SOURCE_PASSWORD;
-- and the source on air, written by the instance that holds it so that staff on any instance see it
-- (cleared when it leaves), with a request to cut it off that the holding instance acts on.
CREATE TABLE live_sources (
    stream_id      TEXT PRIMARY KEY,
    password_hash  TEXT,
    password_set_at BIGINT,
    live_since_ms  BIGINT,
    live_address   TEXT,
    live_mount     TEXT,
    live_name      TEXT,
    live_agent     TEXT,
    live_session   TEXT,
    cut_requested  BIGINT NOT NULL DEFAULT 0
);
