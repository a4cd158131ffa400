-- Live radio (station engine issue): what went on air, the votes on it, every listening session, the
-- per-minute listener samples and the listening analytics. Conventions of db.rs: BIGINT integers and
-- 0/1 flags; instants here are Unix MILLISECONDS (columns named *_ms) because sessions and track
-- changes are timed to the second or better.

-- Every item that went on air per metaId (songs and commercial breaks), written by the autoDJ or the
-- Icecast poller: getMetaHistory, rating checks (G60/G61), and now playing for other instances.
CREATE TABLE play_history (
    id              INTEGER PRIMARY KEY,
    meta_id         TEXT NOT NULL,
    song            TEXT NOT NULL,
    artist          TEXT NOT NULL,
    artist_slug     TEXT NOT NULL DEFAULT '',
    music_slug      TEXT NOT NULL DEFAULT '',
    album           TEXT NOT NULL DEFAULT '',
    year            BIGINT,
    cover_url       TEXT NOT NULL DEFAULT '',
    cover_small_url TEXT NOT NULL DEFAULT '',
    meta_type       TEXT NOT NULL,            -- 'music' | 'commercial'
    started_at_ms   BIGINT NOT NULL,
    duration_ms     BIGINT NOT NULL DEFAULT 0, -- 0 = unknown (external mounts)
    music_hash      TEXT NOT NULL              -- sha1(song|artist|time), G60
);
CREATE INDEX play_history_meta ON play_history (meta_id, started_at_ms);
CREATE INDEX play_history_hash ON play_history (music_hash);

-- One vote per user per play (G61); rating 10 like, 1 dislike.
CREATE TABLE song_ratings (
    id          INTEGER PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    play_id     BIGINT REFERENCES play_history (id) ON DELETE SET NULL,
    meta_id     TEXT NOT NULL,
    music_hash  TEXT NOT NULL,
    song        TEXT NOT NULL,
    artist      TEXT NOT NULL,
    rating      BIGINT NOT NULL,
    created_at  BIGINT NOT NULL               -- Unix seconds
);
CREATE UNIQUE INDEX song_ratings_once ON song_ratings (user_id, music_hash);
CREATE INDEX song_ratings_hash ON song_ratings (music_hash);
CREATE INDEX song_ratings_song ON song_ratings (artist, song);

-- Every listening session on a local mount, exactly: opened when the stream starts, closed when the
-- connection ends (or, after a crash, at the instance's last heartbeat).
CREATE TABLE listener_sessions (
    id            INTEGER PRIMARY KEY,
    session_key   TEXT NOT NULL UNIQUE,       -- '<instance>-<sequence>'
    instance      TEXT NOT NULL,
    mount         TEXT NOT NULL,              -- 'onda_1.mp3'
    stream_id     TEXT NOT NULL,
    client        TEXT NOT NULL,              -- statistics channel: https, http, android, ios, desktop, ...
    started_at_ms BIGINT NOT NULL,
    ended_at_ms   BIGINT,                     -- NULL while listening
    bytes_sent    BIGINT NOT NULL DEFAULT 0,
    ip_hash       TEXT NOT NULL,              -- salted SHA-256 of the address, never the address
    user_agent    TEXT NOT NULL DEFAULT '',
    user_id       BIGINT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX listener_sessions_started ON listener_sessions (started_at_ms);
CREATE INDEX listener_sessions_open ON listener_sessions (ended_at_ms, instance);
CREATE INDEX listener_sessions_stream ON listener_sessions (stream_id, started_at_ms);

-- Listener counts per statistics channel sampled every minute (summed across instances).
CREATE TABLE listener_samples (
    at        BIGINT NOT NULL,                -- Unix seconds, start of the minute
    channel   TEXT NOT NULL,                  -- 'total', a client kind or a stream id
    listeners BIGINT NOT NULL,
    PRIMARY KEY (at, channel)
);
CREATE INDEX listener_samples_channel ON listener_samples (channel, at);

-- Server instances running the engine, with their last heartbeat.
CREATE TABLE radio_instances (
    instance     TEXT PRIMARY KEY,
    last_seen_ms BIGINT NOT NULL
);

-- First-party analytics (heartbeat, listening milestones, page events) from the browsers.
CREATE TABLE analytics_events (
    id             INTEGER PRIMARY KEY,
    client_id      TEXT NOT NULL,             -- a1_browserHash
    user_id        BIGINT REFERENCES users (id) ON DELETE SET NULL,
    category       TEXT NOT NULL,
    action         TEXT NOT NULL,
    label          TEXT,
    value          BIGINT,
    stream_id      TEXT,
    at_ms          BIGINT NOT NULL,           -- when it happened in the browser (clamped to the server clock)
    received_at_ms BIGINT NOT NULL
);
CREATE INDEX analytics_events_kind ON analytics_events (category, action, at_ms);
CREATE INDEX analytics_events_client ON analytics_events (client_id, at_ms);

-- The house preroll's VAST tracking (impression, start, quartiles, complete, error).
CREATE TABLE ad_events (
    id     INTEGER PRIMARY KEY,
    ad_id  TEXT NOT NULL,
    event  TEXT NOT NULL,
    at_ms  BIGINT NOT NULL
);
CREATE INDEX ad_events_ad ON ad_events (ad_id, event, at_ms);
