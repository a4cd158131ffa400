-- 'Ouvir de novo': each programme of the grid recorded from its channel as it airs (from the channel's
-- HLS segments) and kept as an on-demand recording for some days. A programme chooses who may hear its
-- recordings; 'none' records nothing.
ALTER TABLE programs ADD COLUMN replay_access TEXT NOT NULL DEFAULT 'everyone'; -- everyone | loggedIn | pro | none

CREATE TABLE programme_replays (
    id           BIGSERIAL PRIMARY KEY,
    program_id   BIGINT NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
    stream_id    TEXT NOT NULL,
    starts_at_ms BIGINT NOT NULL, -- the airing's start in the grid (Unix ms)
    ends_at_ms   BIGINT NOT NULL,
    audio_from_ms BIGINT NOT NULL, -- when the first recorded audio aired
    file         TEXT NOT NULL,   -- its name under <data dir>/replays/
    bytes        BIGINT NOT NULL,
    duration_ms  BIGINT NOT NULL, -- the audio recorded (less than the airing where the window began later)
    created_at   BIGINT NOT NULL,
    UNIQUE (stream_id, starts_at_ms)
);
CREATE INDEX programme_replays_program ON programme_replays (program_id, starts_at_ms);
CREATE INDEX programme_replays_ends ON programme_replays (ends_at_ms);
