BEGIN TRANSACTION;
CREATE TABLE _sqlx_migrations (
    version BIGINT PRIMARY KEY,
    description TEXT NOT NULL,
    installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    success BOOLEAN NOT NULL,
    checksum BLOB NOT NULL,
    execution_time BIGINT NOT NULL
);
INSERT INTO "_sqlx_migrations" VALUES(1,'core','2026-11-29 23:57:18',1,X'3D5116E9DB174C50D6A4057B54866528E307242AC86D346C88B5F52A5DB813F3B0BD5C724721ED3B6950A855589D60C0',1380444);
INSERT INTO "_sqlx_migrations" VALUES(2,'shell content','2026-11-29 23:57:18',1,X'3EA74AF17736FFDED421DADEC6D7BCF2C2E9FD597B3F905EEEE4CE44F1C52E79B1E42F77FB5A20127D1AB85C8D152D48',1536425);
INSERT INTO "_sqlx_migrations" VALUES(3,'content','2026-11-29 23:57:18',1,X'FE7BF591EA19F9E5BAB5B0D83DEA632F17DC78A4A26BB41431FCD70D44480C56591E66E78B79CC43A00480EDBB00A571',9203311);
INSERT INTO "_sqlx_migrations" VALUES(10,'accounts','2026-11-29 23:57:18',1,X'10F8163EAC606D491B3E507A2D0599658B4C01AFC8EAB3E1C3C370A064DCE699ED2C9DDA0AAF13672AB7F5F57141E89B',6150130);
INSERT INTO "_sqlx_migrations" VALUES(20,'news tracking','2026-11-29 23:57:18',1,X'DE3A8BD21AE16652BB7B34F2EF323AE86CDB56A644F6248B970BE9270848DCF9519A3738FB29FDE97F04E8B1A55E81AF',2128707);
INSERT INTO "_sqlx_migrations" VALUES(30,'live radio','2026-11-29 23:57:18',1,X'CFE17301240B1546034C233F3856B33B3C730B2B8794CEB26B42FD898C46A4224A06D2921B1AFC32377606DB207D6EC7',4609266);
INSERT INTO "_sqlx_migrations" VALUES(40,'stats','2026-11-29 23:57:18',1,X'E4EA64A7103A3FAC1F423F7CDDC68083D3D9A707A94AC43D6DA88077FCC94700B13D0B869344A6C4E030E39D2A99A4E3',1876351);
INSERT INTO "_sqlx_migrations" VALUES(41,'stats hourly clustered','2026-11-29 23:57:18',1,X'AFC4DD54D858E95FE64C070FBE2F3BF1B5094E3C4A630B00A0BD20FB1C9280B57CE9D512842C2926BC40BC5AB4CA63F5',6727848);
INSERT INTO "_sqlx_migrations" VALUES(42,'stats daily','2026-11-29 23:57:18',1,X'C683EBD7F00581EFBF977969E0C2FE70FD90A7C3345CB01D78915F8162C77A4A9F06ABF07F9C74079CC3C7300FD79FE2',1449346);
INSERT INTO "_sqlx_migrations" VALUES(43,'news list covering','2026-11-29 23:57:18',1,X'1A8DF5AFA32FD5E9B4F6171F3DECE0F78267FBF01CE82D6A542D537E631BA7AACCF88F6D95198748698695405763CC93',1732076);
INSERT INTO "_sqlx_migrations" VALUES(44,'rate limit slots','2026-11-29 23:57:18',1,X'01D023A868DB442DB6A1BBD52E8AC3CD688865EA1B913732A4029352EF1DA83A9F93FA4DAC66B15D4F61082788A85924',1748321);
INSERT INTO "_sqlx_migrations" VALUES(45,'promotions hunt','2026-11-29 23:57:18',1,X'9581A1587A2209A9697334C3EC3FC8D3F2B0AA468068C6944C0779BECFD4219D7A660456CB8AC081EBB64DA9AA1B8D6D',9086818);
INSERT INTO "_sqlx_migrations" VALUES(46,'forms','2026-11-29 23:57:18',1,X'D0C401443E2C7E98523CD86555F5948D7F029F2B3F35196C73096ED8022F72E67D424D3A31C7239127DF5D68E850967D',2165151);
INSERT INTO "_sqlx_migrations" VALUES(47,'poll votes','2026-11-29 23:57:18',1,X'C4E1C69BFFE2311C83583EF7C9B58F6AE276C6491EB159EAD9948BDE5B71A6070006AA192F7DEFEC266A5E9B03769EAE',1938234);
INSERT INTO "_sqlx_migrations" VALUES(48,'newsroom','2026-11-29 23:57:18',1,X'E0050652C8895E05643DBBAB4E7D716EF1560DEBA2FC14EBFD830D94AA5865B5AE8F0844109EC770CA846974982E9476',11715348);
INSERT INTO "_sqlx_migrations" VALUES(49,'promotions desk','2026-11-29 23:57:18',1,X'165469F640A38BA0D8BBE8138C49AA9432C9D77A881747C2CA6293F4BCF07F6E2F208F1A6E094CB6BF5D993D229C5215',17056443);
INSERT INTO "_sqlx_migrations" VALUES(50,'top100 lists','2026-11-29 23:57:18',1,X'26D3265EBF69362112733651BD28E92AD6BDAFE797CBB09DD9030BC759A8D89F3ED6341838987B22D99516EB83348F1B',19116958);
INSERT INTO "_sqlx_migrations" VALUES(51,'podcast recordings desk','2026-11-29 23:57:18',1,X'6114B4C38706F994040DC418C72E09CB54A9098BF273E4BF9DBB3A6E1069DD842985D4FAFF2281F377699B206924E78D',13840800);
INSERT INTO "_sqlx_migrations" VALUES(52,'live sources','2026-11-29 23:57:18',1,X'F0DE87D3E65C2398C59FDE46353C3E88C3272EA91E19BCA307A9160E2291749F192A423A55AC7A83F2761678699EAD61',7505606);
CREATE TABLE ad_events (
    id     INTEGER PRIMARY KEY,
    ad_id  TEXT NOT NULL,
    event  TEXT NOT NULL,
    at_ms  BIGINT NOT NULL
);
CREATE TABLE affiliates (
    id         INTEGER PRIMARY KEY,
    sid        TEXT NOT NULL UNIQUE,      -- stream id of the affiliate's own stream
    name       TEXT NOT NULL,             -- 'Onda FM Salvador'
    frequency  TEXT NOT NULL,             -- '101,3 MHz'
    city       TEXT NOT NULL,
    state      TEXT NOT NULL,             -- UF, two letters
    street     TEXT NOT NULL DEFAULT '',
    cep        TEXT NOT NULL DEFAULT '',
    email      TEXT NOT NULL DEFAULT '',
    phone      TEXT NOT NULL DEFAULT '',
    stream_url TEXT NOT NULL DEFAULT ''
);
CREATE TABLE albums (
    id              INTEGER PRIMARY KEY,
    slug            TEXT NOT NULL UNIQUE,
    artist_id       BIGINT NOT NULL REFERENCES artists (id),
    name            TEXT NOT NULL,
    release_year    BIGINT NOT NULL,
    cover_url       TEXT NOT NULL DEFAULT '', -- 1000x1000
    cover_small_url TEXT NOT NULL DEFAULT '', -- 150x150
    itunes_link     TEXT NOT NULL DEFAULT '',
    is_featured     BIGINT NOT NULL DEFAULT 0,
    position        BIGINT NOT NULL DEFAULT 0
);
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
CREATE TABLE artists (
    id            INTEGER PRIMARY KEY,
    slug          TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    country       TEXT NOT NULL DEFAULT '', -- ISO 3166 alpha-2
    biography     TEXT NOT NULL DEFAULT '', -- sanitised HTML; '' = no biography yet
    image_url     TEXT NOT NULL DEFAULT '', -- imageNew (square)
    banner_url    TEXT NOT NULL DEFAULT '', -- banner of the artist page (imageOld slot)
    is_featured   BIGINT NOT NULL DEFAULT 0,
    position      BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    at          BIGINT NOT NULL,
    user_id     BIGINT REFERENCES users (id) ON DELETE SET NULL,
    action      TEXT NOT NULL,
    entity      TEXT NOT NULL,
    entity_id   BIGINT,
    before_json TEXT,
    after_json  TEXT
);
CREATE TABLE cities (
    id       INTEGER PRIMARY KEY,
    state_id BIGINT NOT NULL REFERENCES states (id),
    name     TEXT NOT NULL
);
CREATE TABLE client_locations (
    client_id BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    location  TEXT NOT NULL,               -- 'São Paulo/SP'
    position  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (client_id, location)
);
CREATE TABLE clients (
    id                INTEGER PRIMARY KEY,
    slug              TEXT NOT NULL UNIQUE,
    name              TEXT NOT NULL,
    short_description TEXT NOT NULL DEFAULT '',
    description       TEXT NOT NULL DEFAULT '', -- sanitised HTML
    image_url         TEXT NOT NULL DEFAULT '',
    segment           TEXT NOT NULL DEFAULT 'Serviços',
    link              TEXT NOT NULL DEFAULT '',
    position          BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE day_sentences (
    id     INTEGER PRIMARY KEY,
    text   TEXT NOT NULL,
    author TEXT NOT NULL DEFAULT ''
);
CREATE TABLE email_codes (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE TABLE form_submissions (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL,
    user_id         BIGINT REFERENCES users (id) ON DELETE SET NULL,
    category_id     BIGINT,
    payload         TEXT NOT NULL,
    file_path       TEXT,
    created_at      BIGINT NOT NULL,
    mailed_at       BIGINT,
    mail_attempts   BIGINT NOT NULL DEFAULT 0,
    next_mail_at    BIGINT,
    last_mail_error TEXT,
    handled_at      BIGINT,
    handled_by      BIGINT REFERENCES users (id) ON DELETE SET NULL
);
CREATE TABLE hunt_players (
    hunt_id      BIGINT NOT NULL REFERENCES treasure_hunts (id) ON DELETE CASCADE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    page_views   BIGINT NOT NULL DEFAULT 0,
    last_view_at BIGINT NOT NULL,
    PRIMARY KEY (hunt_id, user_id)
);
CREATE TABLE hunt_prizes (
    id                 INTEGER PRIMARY KEY,
    hunt_id            BIGINT NOT NULL REFERENCES treasure_hunts (id) ON DELETE CASCADE,
    slug               TEXT NOT NULL UNIQUE,
    name               TEXT NOT NULL,
    description        TEXT NOT NULL DEFAULT '',
    image_url          TEXT NOT NULL DEFAULT '',
    total_quantity     BIGINT NOT NULL,
    remaining_quantity BIGINT NOT NULL,
    position           BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE hunt_wins (
    id              INTEGER PRIMARY KEY,
    hunt_id         BIGINT NOT NULL REFERENCES treasure_hunts (id) ON DELETE CASCADE,
    prize_id        BIGINT NOT NULL REFERENCES hunt_prizes (id) ON DELETE CASCADE,
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status          TEXT NOT NULL DEFAULT 'reserved',
    won_at          BIGINT NOT NULL,
    opened_at       BIGINT,
    mailed_at       BIGINT,
    share_situation TEXT,
    shared_at       BIGINT
);
CREATE TABLE journalists (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',  -- biography, plain text
    image_url   TEXT NOT NULL DEFAULT '',
    is_active   BIGINT NOT NULL DEFAULT 1,
    position    BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE legal_texts (
    id         INTEGER PRIMARY KEY,
    slug       TEXT NOT NULL UNIQUE,
    title      TEXT NOT NULL,
    content    TEXT NOT NULL,              -- sanitised HTML
    updated_at BIGINT NOT NULL
);
CREATE TABLE listener_daily (
    at            BIGINT NOT NULL,
    channel       TEXT NOT NULL,
    samples       BIGINT NOT NULL,
    max_listeners BIGINT NOT NULL,
    min_listeners BIGINT NOT NULL,
    sum_listeners BIGINT NOT NULL,
    PRIMARY KEY (channel, at)
) WITHOUT ROWID;
CREATE TABLE "listener_hourly" (
    at            BIGINT NOT NULL,
    channel       TEXT NOT NULL,
    samples       BIGINT NOT NULL,
    max_listeners BIGINT NOT NULL,
    min_listeners BIGINT NOT NULL,
    sum_listeners BIGINT NOT NULL,
    PRIMARY KEY (channel, at)
) WITHOUT ROWID;
CREATE TABLE listener_samples (
    at        BIGINT NOT NULL,                -- Unix seconds, start of the minute
    channel   TEXT NOT NULL,                  -- 'total', a client kind or a stream id
    listeners BIGINT NOT NULL,
    PRIMARY KEY (at, channel)
);
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
CREATE TABLE news (
    id                     INTEGER PRIMARY KEY,
    slug                   TEXT NOT NULL UNIQUE,   -- never one of the reserved words of C09
    category_id            BIGINT NOT NULL REFERENCES news_categories (id),
    title                  TEXT NOT NULL,
    title_home             TEXT NOT NULL DEFAULT '', -- shorter title for the home blocks ('' = title)
    subtitle               TEXT NOT NULL DEFAULT '',
    content                TEXT NOT NULL DEFAULT '', -- sanitised HTML; PRO items: the full text (S04)
    teaser                 TEXT NOT NULL DEFAULT '', -- PRO items: what non-PRO readers may see
    author                 TEXT NOT NULL DEFAULT '', -- byline ('Redação', 'Reuters', the journalist)
    journalist_id          BIGINT REFERENCES journalists (id),
    source                 TEXT NOT NULL DEFAULT 'redacao', -- redacao | reuters (home Reuters block)
    image_url              TEXT NOT NULL DEFAULT '', -- imageNew
    featured_image_url     TEXT NOT NULL DEFAULT '', -- featuredImage (wide)
    image_caption          TEXT NOT NULL DEFAULT '',
    image_link             TEXT NOT NULL DEFAULT '',
    cover_video_youtube_id TEXT NOT NULL DEFAULT '',
    cover_video_file_name  TEXT NOT NULL DEFAULT '',
    podcast_show_id        BIGINT REFERENCES podcast_shows (id), -- set on podcast episodes
    podcast_id             TEXT NOT NULL DEFAULT '', -- episode key at the player host
    podcast_player_style   TEXT NOT NULL DEFAULT '',
    podcast_player_color   TEXT NOT NULL DEFAULT '',
    keyword                TEXT NOT NULL DEFAULT '', -- SEO keyword
    is_pro                 BIGINT NOT NULL DEFAULT 0,
    is_featured            BIGINT NOT NULL DEFAULT 0, -- editor's pick for the home lead
    views                  BIGINT NOT NULL DEFAULT 0, -- all-time reads
    published_at           BIGINT NOT NULL,
    updated_at             BIGINT                   -- 'updated at' line, when edited after publishing
, state TEXT NOT NULL DEFAULT 'published', version BIGINT NOT NULL DEFAULT 1, created_at BIGINT, changed_at BIGINT NOT NULL DEFAULT 0, created_by BIGINT REFERENCES users (id) ON DELETE SET NULL, intended_at BIGINT);
CREATE TABLE news_categories (
    id       INTEGER PRIMARY KEY,
    slug     TEXT NOT NULL UNIQUE,
    name     TEXT NOT NULL,
    position BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE news_daily_views (
    news_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    day     TEXT NOT NULL,                 -- 'YYYY-MM-DD'
    views   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (news_id, day)
);
CREATE TABLE news_tags (
    news_id  BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    tag_id   BIGINT NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    position BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (news_id, tag_id)
);
CREATE TABLE news_views (
    id           INTEGER PRIMARY KEY,
    news_id      BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    session_hash TEXT NOT NULL,            -- 32 lowercase hex digits
    user_id      BIGINT REFERENCES users (id) ON DELETE SET NULL, -- newsViewsHitAuth only
    day          TEXT NOT NULL,            -- 'YYYY-MM-DD', Brasília date of the view
    viewed_at    BIGINT NOT NULL,          -- when the reader saw it (server clock)
    received_at  BIGINT NOT NULL
);
CREATE TABLE partners (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    image_url   TEXT NOT NULL DEFAULT '',
    link        TEXT NOT NULL DEFAULT '',
    position    BIGINT NOT NULL DEFAULT 0
);
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
CREATE TABLE podcast_collections (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,      -- 'notícias' (accented, as in the routes)
    alias       TEXT NOT NULL DEFAULT '',  -- 'noticias' (unaccented alias, also the image key)
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    meta_key    TEXT NOT NULL DEFAULT '',  -- page metadata key (superMontagem, arquivoMusical, …)
    kind        TEXT NOT NULL DEFAULT 'playlist', -- playlist | recent
    image_url   TEXT NOT NULL DEFAULT '',
    position    BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE podcast_recording_tags (
    recording_id BIGINT NOT NULL REFERENCES podcast_recordings (id) ON DELETE CASCADE,
    position     BIGINT NOT NULL,
    name         TEXT NOT NULL,
    PRIMARY KEY (recording_id, position)
);
CREATE TABLE podcast_recordings (
    id               INTEGER PRIMARY KEY,
    collection_id    BIGINT NOT NULL REFERENCES podcast_collections (id) ON DELETE CASCADE,
    slug             TEXT NOT NULL UNIQUE,
    name             TEXT NOT NULL,
    description      TEXT NOT NULL DEFAULT '',
    audio_url        TEXT NOT NULL DEFAULT '',
    image_url        TEXT NOT NULL DEFAULT '',
    duration_seconds BIGINT NOT NULL DEFAULT 0,
    published_at     BIGINT NOT NULL
, player_key TEXT NOT NULL DEFAULT '');
CREATE TABLE podcast_shows (
    id                 INTEGER PRIMARY KEY,
    slug               TEXT NOT NULL UNIQUE,
    name               TEXT NOT NULL,
    subtitle           TEXT NOT NULL DEFAULT '',
    description        TEXT NOT NULL DEFAULT '',
    thumb_url          TEXT NOT NULL DEFAULT '',
    image_featured_url TEXT NOT NULL DEFAULT '',
    host_type          TEXT NOT NULL DEFAULT 'mixcloud', -- 'type' of the reply: the player host
    show_id            TEXT NOT NULL DEFAULT '',         -- id at the player host; '' hides the show (PD-01)
    player_style       TEXT NOT NULL DEFAULT 'standard', -- mini | standard | show
    player_color       TEXT NOT NULL DEFAULT '',
    is_pro             BIGINT NOT NULL DEFAULT 0,
    position           BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE poll_answers (
    id       INTEGER PRIMARY KEY,
    poll_id  BIGINT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    text     TEXT NOT NULL,
    votes    BIGINT NOT NULL DEFAULT 0,
    position BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE poll_votes (
    id         INTEGER PRIMARY KEY,
    poll_id    BIGINT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    answer_id  BIGINT NOT NULL REFERENCES poll_answers (id) ON DELETE CASCADE,
    user_id    BIGINT REFERENCES users (id) ON DELETE CASCADE,
    voter      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE polls (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL,
    is_active  BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
);
CREATE TABLE pro_faqs (
    id       INTEGER PRIMARY KEY,
    question TEXT NOT NULL,
    answer   TEXT NOT NULL,
    position BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE programs (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    title       TEXT NOT NULL,
    host        TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    image_url   TEXT NOT NULL DEFAULT '',
    days_label  TEXT NOT NULL DEFAULT '',  -- programDays: 'Segunda a sexta'
    weekdays    TEXT NOT NULL DEFAULT '',  -- '1,2,3,4,5'
    start_time  TEXT NOT NULL,             -- '06:00'
    end_time    TEXT NOT NULL,             -- '10:00' ('24:00' = midnight)
    position    BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE promotion_answers (
    id           INTEGER PRIMARY KEY,
    promotion_id BIGINT NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    single_user  BIGINT,
    answer       TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE TABLE promotion_draws (
    id                INTEGER PRIMARY KEY,
    promotion_id      BIGINT NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    seed              TEXT NOT NULL,
    requested         BIGINT NOT NULL,
    participants      BIGINT NOT NULL,
    participant_ids   TEXT NOT NULL, -- comma-separated, ascending
    drawn_by          TEXT NOT NULL,
    drawn_at          BIGINT NOT NULL
);
CREATE TABLE promotion_winners (
    id           INTEGER PRIMARY KEY,
    promotion_id BIGINT NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    first_name   TEXT NOT NULL,
    last_name    TEXT NOT NULL DEFAULT '',
    city         TEXT NOT NULL DEFAULT '',
    state_id     BIGINT REFERENCES states (id),
    won_on       TEXT NOT NULL                -- 'YYYY-MM-DD'
, user_id BIGINT REFERENCES users (id) ON DELETE SET NULL, draw_id BIGINT REFERENCES promotion_draws (id) ON DELETE SET NULL, mailed_at BIGINT);
CREATE TABLE promotions (
    id                  INTEGER PRIMARY KEY,
    slug                TEXT NOT NULL UNIQUE,
    title               TEXT NOT NULL,
    description         TEXT NOT NULL DEFAULT '',
    short_description   TEXT NOT NULL DEFAULT '',
    rules               TEXT NOT NULL DEFAULT '',
    question            TEXT NOT NULL DEFAULT '', -- what the answer form asks
    banner_url          TEXT NOT NULL DEFAULT '',
    featured_banner_url TEXT NOT NULL DEFAULT '',
    image_url           TEXT NOT NULL DEFAULT '',
    featured_image_url  TEXT NOT NULL DEFAULT '',
    color_scheme        TEXT NOT NULL DEFAULT 'L', -- 'D' dark, 'L' light
    is_pro              BIGINT NOT NULL DEFAULT 0,
    is_editable         BIGINT NOT NULL DEFAULT 0,
    is_multiple         BIGINT NOT NULL DEFAULT 0,
    is_single_word      BIGINT NOT NULL DEFAULT 0,
    affiliate           TEXT NOT NULL DEFAULT '', -- '' = national
    is_published        BIGINT NOT NULL DEFAULT 1,
    starts_at           BIGINT NOT NULL,
    ends_at             BIGINT NOT NULL
, version BIGINT NOT NULL DEFAULT 1, changed_at BIGINT NOT NULL DEFAULT 0);
CREATE TABLE radio_instances (
    instance     TEXT PRIMARY KEY,
    last_seen_ms BIGINT NOT NULL
);
CREATE TABLE rate_limit_slots (
    bucket TEXT NOT NULL,
    slot   BIGINT NOT NULL,
    at     BIGINT NOT NULL,
    PRIMARY KEY (bucket, slot)
);
CREATE TABLE reset_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
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
CREATE TABLE songs (
    id                      INTEGER PRIMARY KEY,
    slug                    TEXT NOT NULL,          -- musicSlug
    artist_id               BIGINT NOT NULL REFERENCES artists (id),
    album_id                BIGINT NOT NULL REFERENCES albums (id),
    name                    TEXT NOT NULL,
    year                    BIGINT NOT NULL,
    track_url               TEXT NOT NULL DEFAULT '', -- musicTrack; '' = not playable
    preview_url             TEXT NOT NULL DEFAULT '', -- 30-second preview (artist top songs)
    has_lyrics              BIGINT NOT NULL DEFAULT 0,
    lyrics                  TEXT NOT NULL DEFAULT '', -- HTML
    has_translation         BIGINT NOT NULL DEFAULT 0,
    translation             TEXT NOT NULL DEFAULT '', -- HTML, Portuguese
    has_video               BIGINT NOT NULL DEFAULT 0,
    video_youtube_id        TEXT NOT NULL DEFAULT '',
    video_file_name         TEXT NOT NULL DEFAULT '',
    lyrics_video_youtube_id TEXT NOT NULL DEFAULT '',
    lyrics_video_file_name  TEXT NOT NULL DEFAULT '',
    itunes_link             TEXT NOT NULL DEFAULT '',
    plays                   BIGINT NOT NULL DEFAULT 0, -- popularity: orders the artist's top songs
    UNIQUE (artist_id, slug)
);
CREATE TABLE spots (
    id         INTEGER PRIMARY KEY,
    client_id  BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    slug       TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    audio_url  TEXT NOT NULL DEFAULT '',
    image_url  TEXT NOT NULL DEFAULT '',
    transcript TEXT NOT NULL DEFAULT '',   -- sanitised HTML
    link       TEXT NOT NULL DEFAULT '',
    position   BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE staff_permissions (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    permission BIGINT NOT NULL,
    granted_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, permission)
);
CREATE TABLE states (
    id   INTEGER PRIMARY KEY,
    uf   TEXT NOT NULL UNIQUE,             -- 'SP'
    name TEXT NOT NULL                     -- 'São Paulo'
);
CREATE TABLE stream_sources (
    id        INTEGER PRIMARY KEY,
    stream_id BIGINT NOT NULL REFERENCES streams (id) ON DELETE CASCADE,
    src       TEXT NOT NULL,
    mime_type TEXT NOT NULL,               -- 'type' of the reply
    codec     TEXT NOT NULL DEFAULT '',    -- 'AAC-HE', 'AAC+', 'MP3', 'Dolby Atmos'
    position  BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE streams (
    id           INTEGER PRIMARY KEY,
    stream_id    TEXT NOT NULL UNIQUE,     -- streamId
    meta_id      TEXT NOT NULL,            -- metaId (now playing)
    name         TEXT NOT NULL,            -- streamName
    description  TEXT NOT NULL DEFAULT '',
    image_url    TEXT NOT NULL DEFAULT '',
    color        TEXT NOT NULL DEFAULT '',
    is_semi_pro  BIGINT NOT NULL DEFAULT 0,
    is_pro       BIGINT NOT NULL DEFAULT 0,
    is_popup     BIGINT NOT NULL DEFAULT 0,
    popup_url    TEXT NOT NULL DEFAULT '',
    popup_id     TEXT NOT NULL DEFAULT '',
    popup_config TEXT NOT NULL DEFAULT '', -- window features, e.g. 'width=400,height=640'
    is_dolby     BIGINT NOT NULL DEFAULT 0,
    position     BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE subscriptions (
    id                 INTEGER PRIMARY KEY,
    user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan               TEXT NOT NULL,        -- 'monthly' | 'annual'
    source             TEXT NOT NULL,        -- 'app_store' | 'play_store' | 'processor' | 'manual' (admin)
    status             TEXT NOT NULL,        -- 'active' | 'cancelled' | 'expired' | 'revoked'
    current_period_end TEXT,                 -- 'YYYY-MM-DD', NULL = open-ended
    external_id        TEXT,                 -- the payment side's subscription id
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE TABLE tags (
    id    INTEGER PRIMARY KEY,
    slug  TEXT NOT NULL UNIQUE,
    name  TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    hits  BIGINT NOT NULL DEFAULT 0        -- tag page openings (tagHit)
);
CREATE TABLE "top100_entries" (
    list_id  BIGINT NOT NULL REFERENCES top100_lists (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,              -- 1..100
    song_id  BIGINT NOT NULL REFERENCES songs (id),
    PRIMARY KEY (list_id, position)
);
CREATE TABLE top100_lists (
    id   INTEGER PRIMARY KEY,
    year BIGINT NOT NULL UNIQUE
);
CREATE TABLE top10_categories (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    keywords    TEXT NOT NULL DEFAULT '',  -- page keywords, comma-separated
    position    BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE top10_entries (
    category_id BIGINT NOT NULL REFERENCES top10_categories (id) ON DELETE CASCADE,
    position    BIGINT NOT NULL,           -- 1..10
    song_id     BIGINT NOT NULL REFERENCES songs (id),
    PRIMARY KEY (category_id, position)
);
CREATE TABLE treasure_hunts (
    id             INTEGER PRIMARY KEY,
    title          TEXT NOT NULL,
    description    TEXT NOT NULL DEFAULT '',
    rules          TEXT NOT NULL DEFAULT '', -- sanitised HTML
    banner_message TEXT NOT NULL DEFAULT '',
    is_active      BIGINT NOT NULL DEFAULT 1,
    starts_at      BIGINT NOT NULL,
    ends_at        BIGINT NOT NULL
, win_probability DOUBLE PRECISION NOT NULL DEFAULT 0.02, version BIGINT NOT NULL DEFAULT 1, changed_at BIGINT NOT NULL DEFAULT 0);
CREATE TABLE users (
    id                 INTEGER PRIMARY KEY,
    email              TEXT NOT NULL,
    -- NULL for social-only accounts (no local password; C32 password:false).
    password_hash      TEXT,
    name               TEXT NOT NULL,
    last_name          TEXT,
    gender             TEXT,                 -- 'FEMININO' | 'MASCULINO'
    birthday           TEXT,                 -- 'YYYY-MM-DD'
    cpf                TEXT,                 -- masked '999.999.999-99'
    telefone           TEXT,                 -- masked '(99) 99999-9999'
    cep                TEXT,                 -- '99999-999'
    district           TEXT,
    street             TEXT,
    street_number      TEXT,                 -- up to 5 digits
    address_supplement TEXT,
    state_id           BIGINT,
    city_id            BIGINT,
    newsletter         BIGINT NOT NULL DEFAULT 0,
    email_confirmed    BIGINT NOT NULL DEFAULT 0,
    disabled           BIGINT NOT NULL DEFAULT 0,
    firebase_uid       TEXT,
    firebase_provider  TEXT,                 -- 'google.com', 'facebook.com', … (G03)
    created_at         BIGINT NOT NULL
);
CREATE TABLE video_playlists (
    id          INTEGER PRIMARY KEY,
    external_id TEXT NOT NULL UNIQUE,
    slug        TEXT NOT NULL UNIQUE,
    title       TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    position    BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE videos (
    id           INTEGER PRIMARY KEY,
    playlist_id  BIGINT REFERENCES video_playlists (id),
    youtube_id   TEXT NOT NULL,
    slug         TEXT NOT NULL UNIQUE,
    title        TEXT NOT NULL,
    description  TEXT NOT NULL DEFAULT '',
    image_url    TEXT NOT NULL DEFAULT '',  -- videoImage
    is_featured  BIGINT NOT NULL DEFAULT 0,
    published_at BIGINT NOT NULL
);
CREATE TABLE webhook_events (
    id          TEXT PRIMARY KEY,
    received_at BIGINT NOT NULL
);
CREATE INDEX affiliates_state ON affiliates (state);
CREATE INDEX cities_state_name ON cities (state_id, name);
CREATE INDEX news_journalist_published ON news (journalist_id, published_at);
CREATE INDEX news_source_published ON news (source, published_at);
CREATE INDEX news_podcast_published ON news (podcast_show_id, published_at);
CREATE INDEX news_daily_views_day ON news_daily_views (day);
CREATE INDEX news_tags_tag ON news_tags (tag_id, news_id);
CREATE INDEX artists_name ON artists (name);
CREATE INDEX albums_artist ON albums (artist_id);
CREATE INDEX songs_slug ON songs (slug);
CREATE INDEX songs_name ON songs (name);
CREATE INDEX songs_album ON songs (album_id);
CREATE INDEX podcast_recordings_collection ON podcast_recordings (collection_id, published_at);
CREATE INDEX podcast_recordings_published ON podcast_recordings (published_at);
CREATE INDEX videos_playlist_published ON videos (playlist_id, published_at);
CREATE INDEX videos_published ON videos (published_at);
CREATE INDEX stream_sources_stream ON stream_sources (stream_id, position);
CREATE INDEX clients_segment ON clients (segment, name);
CREATE INDEX client_locations_location ON client_locations (location);
CREATE INDEX spots_client ON spots (client_id, position);
CREATE INDEX promotions_ends ON promotions (is_published, ends_at);
CREATE INDEX promotion_winners_promotion ON promotion_winners (promotion_id);
CREATE INDEX poll_answers_poll ON poll_answers (poll_id, position);
CREATE INDEX hunt_prizes_hunt ON hunt_prizes (hunt_id, position);
CREATE UNIQUE INDEX users_email_lower ON users (LOWER(email));
CREATE UNIQUE INDEX users_cpf ON users (cpf);
CREATE UNIQUE INDEX users_firebase_uid ON users (firebase_uid);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX reset_tokens_user ON reset_tokens (user_id);
CREATE INDEX subscriptions_user ON subscriptions (user_id);
CREATE UNIQUE INDEX subscriptions_external ON subscriptions (source, external_id);
CREATE UNIQUE INDEX news_views_once ON news_views (session_hash, news_id, day);
CREATE INDEX news_views_news ON news_views (news_id, viewed_at);
CREATE INDEX news_views_user ON news_views (user_id);
CREATE INDEX news_daily_views_week ON news_daily_views (day, news_id, views);
CREATE INDEX play_history_meta ON play_history (meta_id, started_at_ms);
CREATE INDEX play_history_hash ON play_history (music_hash);
CREATE UNIQUE INDEX song_ratings_once ON song_ratings (user_id, music_hash);
CREATE INDEX song_ratings_hash ON song_ratings (music_hash);
CREATE INDEX song_ratings_song ON song_ratings (artist, song);
CREATE INDEX listener_sessions_started ON listener_sessions (started_at_ms);
CREATE INDEX listener_sessions_open ON listener_sessions (ended_at_ms, instance);
CREATE INDEX listener_sessions_stream ON listener_sessions (stream_id, started_at_ms);
CREATE INDEX listener_samples_channel ON listener_samples (channel, at);
CREATE INDEX analytics_events_kind ON analytics_events (category, action, at_ms);
CREATE INDEX analytics_events_client ON analytics_events (client_id, at_ms);
CREATE INDEX ad_events_ad ON ad_events (ad_id, event, at_ms);
CREATE INDEX listener_hourly_at ON listener_hourly (at);
CREATE INDEX listener_daily_at ON listener_daily (at);
CREATE INDEX news_published ON news (published_at, id, is_pro, source, category_id);
CREATE INDEX news_category_published ON news (category_id, published_at, id, is_pro, source);
CREATE INDEX rate_limit_slots_at ON rate_limit_slots (at);
CREATE INDEX promotion_answers_user ON promotion_answers (user_id, promotion_id, id);
CREATE INDEX promotion_answers_promotion ON promotion_answers (promotion_id, user_id);
CREATE UNIQUE INDEX promotion_answers_single ON promotion_answers (promotion_id, single_user);
CREATE INDEX promotion_draws_promotion ON promotion_draws (promotion_id);
CREATE UNIQUE INDEX promotion_winners_user ON promotion_winners (promotion_id, user_id);
CREATE UNIQUE INDEX hunt_wins_pending ON hunt_wins (user_id) WHERE status <> 'shared';
CREATE INDEX hunt_wins_hunt ON hunt_wins (hunt_id, prize_id);
CREATE INDEX form_submissions_kind ON form_submissions (kind, id);
CREATE INDEX form_submissions_unmailed ON form_submissions (next_mail_at) WHERE mailed_at IS NULL;
CREATE INDEX form_submissions_created ON form_submissions (created_at);
CREATE UNIQUE INDEX form_submissions_file ON form_submissions (file_path);
CREATE UNIQUE INDEX poll_votes_once ON poll_votes (poll_id, voter);
CREATE INDEX poll_votes_answer ON poll_votes (answer_id);
CREATE INDEX poll_votes_user ON poll_votes (user_id);
CREATE INDEX news_changed ON news (changed_at, id);
CREATE INDEX news_state_changed ON news (state, changed_at, id);
CREATE INDEX news_category_changed ON news (category_id, changed_at, id);
CREATE INDEX news_journalist_changed ON news (journalist_id, changed_at, id);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, id);
CREATE INDEX promotions_starts ON promotions (starts_at, id);
COMMIT;
