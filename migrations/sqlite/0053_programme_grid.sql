-- The programme grid and the music: autoDJ playlists with their rotation rules, each channel's weekly
-- slots and one-off changes, the loudness the autoDJ measured of each track, and the fields of the
-- monthly music report (ECAD) on the catalogue's songs.

-- An autoDJ playlist: catalogue songs (with their audio) and music-folder files, and the rules the
-- rotation keeps while it airs.
CREATE TABLE playlists (
    id                    INTEGER PRIMARY KEY,
    name                  TEXT NOT NULL UNIQUE,
    description           TEXT NOT NULL DEFAULT '',
    song_separation_min   BIGINT NOT NULL DEFAULT 180, -- the same song not again within this time
    artist_separation_min BIGINT NOT NULL DEFAULT 30,  -- the same artist not again within this time
    jingle_every          BIGINT NOT NULL DEFAULT 4,   -- a station ID after every N songs; 0 = none
    version               BIGINT NOT NULL DEFAULT 1,
    updated_at            BIGINT NOT NULL DEFAULT 0
);

-- A playlist's tracks: a catalogue song, or a file under the music folder (its path inside it).
CREATE TABLE playlist_items (
    id          INTEGER PRIMARY KEY,
    playlist_id BIGINT NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
    song_id     BIGINT REFERENCES songs (id) ON DELETE CASCADE,
    file_path   TEXT,
    position    BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX playlist_items_playlist ON playlist_items (playlist_id, position);

-- Per channel (by streamId): the playlist that plays outside the slots that name one.
CREATE TABLE schedule_channels (
    stream_id           TEXT PRIMARY KEY,
    default_playlist_id BIGINT REFERENCES playlists (id) ON DELETE SET NULL,
    version             BIGINT NOT NULL DEFAULT 1
);

-- The weekly grid, in Brasília wall-clock minutes. A slot whose end is not after its start ends the
-- next day (22:00 to 02:00); 1440 is midnight at the end of the day.
CREATE TABLE schedule_slots (
    id           INTEGER PRIMARY KEY,
    stream_id    TEXT NOT NULL,
    program_id   BIGINT NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
    weekday      BIGINT NOT NULL,  -- ISO: 1 = Monday … 7 = Sunday
    start_minute BIGINT NOT NULL,  -- 0 … 1439
    end_minute   BIGINT NOT NULL,  -- 0 … 1440
    presenters   TEXT NOT NULL DEFAULT '',
    fill         TEXT NOT NULL,    -- 'live' | 'playlist'
    playlist_id  BIGINT REFERENCES playlists (id) ON DELETE SET NULL,
    version      BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX schedule_slots_stream ON schedule_slots (stream_id, weekday, start_minute);

-- A change for one date (a holiday special, a match): it takes the place of the weekly slots it
-- overlaps, for that date only.
CREATE TABLE schedule_exceptions (
    id           INTEGER PRIMARY KEY,
    stream_id    TEXT NOT NULL,
    on_date      TEXT NOT NULL,    -- 'YYYY-MM-DD', Brasília
    program_id   BIGINT NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
    start_minute BIGINT NOT NULL,
    end_minute   BIGINT NOT NULL,
    presenters   TEXT NOT NULL DEFAULT '',
    fill         TEXT NOT NULL,
    playlist_id  BIGINT REFERENCES playlists (id) ON DELETE SET NULL,
    note         TEXT NOT NULL DEFAULT '',
    version      BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX schedule_exceptions_stream ON schedule_exceptions (stream_id, on_date);

-- EBU R128 loudness of each autoDJ track, measured once when it enters the library (by track key).
CREATE TABLE track_loudness (
    track_key       TEXT PRIMARY KEY,
    integrated_lufs DOUBLE PRECISION NOT NULL,
    true_peak_dbtp  DOUBLE PRECISION NOT NULL,
    measured_at     BIGINT NOT NULL
);

-- The monthly music report: composers, ISRC and record label of each song.
ALTER TABLE songs ADD COLUMN authors TEXT NOT NULL DEFAULT '';
ALTER TABLE songs ADD COLUMN isrc TEXT NOT NULL DEFAULT '';
ALTER TABLE songs ADD COLUMN label TEXT NOT NULL DEFAULT '';

-- Whether a play came from the autoDJ or the studio's live programme (the music report says which).
ALTER TABLE play_history ADD COLUMN origin TEXT NOT NULL DEFAULT 'autodj'; -- 'autodj' | 'live'
