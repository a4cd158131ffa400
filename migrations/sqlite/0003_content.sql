-- Content of every public area: news, music, podcasts, videos, schedule, clients, promotions, PRO page,
-- legal texts, streams, treasure hunt, home widgets, and the IBGE states and municipalities.
-- Conventions (see server/src/db.rs): BIGINT integers, 0/1 flags (is_*), Unix-second instants (*_at),
-- TEXT dates, image and audio columns hold site-relative URLs (/media/img/…, /media/audio/…, /stream/…).

-- ---------------------------------------------------------------------------------------------------
-- Geography (profile address selects): the 27 federative units and every municipality, keyed by their
-- IBGE codes, which are also the stateId / cityId of the API.

-- The 27 federative units (26 states and the Federal District); id = IBGE code (35 = SP).
CREATE TABLE states (
    id   INTEGER PRIMARY KEY,
    uf   TEXT NOT NULL UNIQUE,             -- 'SP'
    name TEXT NOT NULL                     -- 'São Paulo'
);

-- Every municipality; id = 7-digit IBGE code (3550308 = São Paulo).
CREATE TABLE cities (
    id       INTEGER PRIMARY KEY,
    state_id BIGINT NOT NULL REFERENCES states (id),
    name     TEXT NOT NULL
);
CREATE INDEX cities_state_name ON cities (state_id, name);

-- ---------------------------------------------------------------------------------------------------
-- News

-- Newsroom staff; inactive journalists stay resolvable by slug (G46) but leave the /jornalistas list.
CREATE TABLE journalists (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',  -- biography, plain text
    image_url   TEXT NOT NULL DEFAULT '',
    is_active   BIGINT NOT NULL DEFAULT 1,
    position    BIGINT NOT NULL DEFAULT 0
);

-- Podcast shows (/podcasts grid, /podcasts/{slug}); their episodes are news rows (news.podcast_show_id).
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

-- News items of the 14 categories, including Reuters wire items, PRO items and podcast episodes.
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
);
CREATE INDEX news_published ON news (published_at);
CREATE INDEX news_category_published ON news (category_id, published_at);
CREATE INDEX news_journalist_published ON news (journalist_id, published_at);
CREATE INDEX news_source_published ON news (source, published_at);
CREATE INDEX news_podcast_published ON news (podcast_show_id, published_at);

-- Reads per news item per day (Brasília calendar date), for 'most read of the week'.
CREATE TABLE news_daily_views (
    news_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    day     TEXT NOT NULL,                 -- 'YYYY-MM-DD'
    views   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (news_id, day)
);
CREATE INDEX news_daily_views_day ON news_daily_views (day);

-- Tags (/noticias/tags): n = name, u = slug; title is the tag page heading (tagMeta.title).
CREATE TABLE tags (
    id    INTEGER PRIMARY KEY,
    slug  TEXT NOT NULL UNIQUE,
    name  TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    hits  BIGINT NOT NULL DEFAULT 0        -- tag page openings (tagHit)
);

-- Tags of a news item, in display order.
CREATE TABLE news_tags (
    news_id  BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    tag_id   BIGINT NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    position BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (news_id, tag_id)
);
CREATE INDEX news_tags_tag ON news_tags (tag_id, news_id);

-- ---------------------------------------------------------------------------------------------------
-- Music

-- Artists (/artistas); is_featured = the 'Ver' slider flag.
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
CREATE INDEX artists_name ON artists (name);

-- Albums; covers in 1000x1000 and 150x150; is_featured = 'álbuns do momento'.
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
CREATE INDEX albums_artist ON albums (artist_id);

-- Songs (/musicas); the page slug is {musicSlug}+{artistSlug}, unique per artist (C08).
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
CREATE INDEX songs_slug ON songs (slug);
CREATE INDEX songs_name ON songs (name);
CREATE INDEX songs_album ON songs (album_id);

-- Top 10 lists (/as-10-mais): the station's own list first (slug = station slug), then the themed ones.
CREATE TABLE top10_categories (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    keywords    TEXT NOT NULL DEFAULT '',  -- page keywords, comma-separated
    position    BIGINT NOT NULL DEFAULT 0
);

-- The 10 entries of each list.
CREATE TABLE top10_entries (
    category_id BIGINT NOT NULL REFERENCES top10_categories (id) ON DELETE CASCADE,
    position    BIGINT NOT NULL,           -- 1..10
    song_id     BIGINT NOT NULL REFERENCES songs (id),
    PRIMARY KEY (category_id, position)
);

-- Top 100 of each year (/as-100-mais/{year}), 1998 to 2024.
CREATE TABLE top100_entries (
    year     BIGINT NOT NULL,
    position BIGINT NOT NULL,              -- 1..100
    song_id  BIGINT NOT NULL REFERENCES songs (id),
    PRIMARY KEY (year, position)
);

-- ---------------------------------------------------------------------------------------------------
-- Other podcasts (/podcasts/outros/{slug}, C05): playlists and their recordings. kind 'recent' is the
-- virtual playlist of the newest recordings of every playlist.
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

-- Recordings ('cloudcasts') of a playlist.
CREATE TABLE podcast_recordings (
    id               INTEGER PRIMARY KEY,
    collection_id    BIGINT NOT NULL REFERENCES podcast_collections (id) ON DELETE CASCADE,
    slug             TEXT NOT NULL UNIQUE,
    name             TEXT NOT NULL,
    description      TEXT NOT NULL DEFAULT '',
    tags             TEXT NOT NULL DEFAULT '[]', -- JSON array of tag names
    audio_url        TEXT NOT NULL DEFAULT '',
    image_url        TEXT NOT NULL DEFAULT '',
    duration_seconds BIGINT NOT NULL DEFAULT 0,
    published_at     BIGINT NOT NULL
);
CREATE INDEX podcast_recordings_collection ON podcast_recordings (collection_id, published_at);
CREATE INDEX podcast_recordings_published ON podcast_recordings (published_at);

-- ---------------------------------------------------------------------------------------------------
-- Videos (/videos, /tv)

-- Video playlists of the station's channel; external_id is the playlist id at the video host.
CREATE TABLE video_playlists (
    id          INTEGER PRIMARY KEY,
    external_id TEXT NOT NULL UNIQUE,
    slug        TEXT NOT NULL UNIQUE,
    title       TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    position    BIGINT NOT NULL DEFAULT 0
);

-- Videos; slug is the /videos/{videoTitle} key; is_featured marks the page's lead video.
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
CREATE INDEX videos_playlist_published ON videos (playlist_id, published_at);
CREATE INDEX videos_published ON videos (published_at);

-- ---------------------------------------------------------------------------------------------------
-- Station pages

-- Weekly schedule (/programacao): weekdays are ISO numbers (1 = Monday … 7 = Sunday), times 'HH:MM'.
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

-- Partners (/parceiros).
CREATE TABLE partners (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    image_url   TEXT NOT NULL DEFAULT '',
    link        TEXT NOT NULL DEFAULT '',
    position    BIGINT NOT NULL DEFAULT 0
);

-- Live streams (player): the main '{slug}_1' ('Normal'), its Dolby Atmos twin, semiPro, pro and popup
-- streams. Source URLs of pro streams are only handed out to PRO users (S05).
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

-- Audio sources of a stream, in the order the player tries them.
CREATE TABLE stream_sources (
    id        INTEGER PRIMARY KEY,
    stream_id BIGINT NOT NULL REFERENCES streams (id) ON DELETE CASCADE,
    src       TEXT NOT NULL,
    mime_type TEXT NOT NULL,               -- 'type' of the reply
    codec     TEXT NOT NULL DEFAULT '',    -- 'AAC-HE', 'AAC+', 'MP3', 'Dolby Atmos'
    position  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX stream_sources_stream ON stream_sources (stream_id, position);

-- ---------------------------------------------------------------------------------------------------
-- Advertisers

-- Advertiser clients (/clientes); segment is stored explicitly (G45); image_url '' = default image.
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
CREATE INDEX clients_segment ON clients (segment, name);

-- Where a client's spots air ('Praças'); none = 'Sem praça'.
CREATE TABLE client_locations (
    client_id BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    location  TEXT NOT NULL,               -- 'São Paulo/SP'
    position  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (client_id, location)
);
CREATE INDEX client_locations_location ON client_locations (location);

-- Radio spots (commercials) of a client; audio_url '' = 'Audio indisponível'.
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
CREATE INDEX spots_client ON spots (client_id, position);

-- ---------------------------------------------------------------------------------------------------
-- Promotions (/promocoes). doc2 field names: id_promocao = id, tx_promocao = title, url_promocao = slug,
-- tx_descricao = description, tx_descricao_curta = short_description, tx_regulamento = rules,
-- tx_banner = banner_url, tx_banner_destaque = featured_banner_url, tx_imageNew = image_url,
-- tx_featuredImageNew = featured_image_url, tx_colorScheme = color_scheme, rs_editavel = is_editable,
-- rs_multiple = is_multiple, rs_keywords = is_single_word (all 'S'/'N' on the wire), filial = affiliate.
-- Open = published and starts_at <= now < ends_at; closed = ends_at <= now.
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
);
CREATE INDEX promotions_ends ON promotions (is_published, ends_at);

-- Winners of a closed promotion (tx_nome, tx_sobrenome, tx_cidade, id_estado, dt_vencedor).
CREATE TABLE promotion_winners (
    id           INTEGER PRIMARY KEY,
    promotion_id BIGINT NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    first_name   TEXT NOT NULL,
    last_name    TEXT NOT NULL DEFAULT '',
    city         TEXT NOT NULL DEFAULT '',
    state_id     BIGINT REFERENCES states (id),
    won_on       TEXT NOT NULL                -- 'YYYY-MM-DD'
);
CREATE INDEX promotion_winners_promotion ON promotion_winners (promotion_id);

-- ---------------------------------------------------------------------------------------------------
-- PRO page, legal texts, home widgets

-- PRO page FAQ, in display order; answers are sanitised HTML.
CREATE TABLE pro_faqs (
    id       INTEGER PRIMARY KEY,
    question TEXT NOT NULL,
    answer   TEXT NOT NULL,
    position BIGINT NOT NULL DEFAULT 0
);

-- Legal texts (/termos/{slug}): 'privacidade' and 'uso'.
CREATE TABLE legal_texts (
    id         INTEGER PRIMARY KEY,
    slug       TEXT NOT NULL UNIQUE,
    title      TEXT NOT NULL,
    content    TEXT NOT NULL,              -- sanitised HTML
    updated_at BIGINT NOT NULL
);

-- Home poll (display-only, G34); the newest active poll is shown.
CREATE TABLE polls (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL,
    is_active  BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
);

-- Answers of a poll with their vote counts (respostas[].qtd).
CREATE TABLE poll_answers (
    id       INTEGER PRIMARY KEY,
    poll_id  BIGINT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    text     TEXT NOT NULL,
    votes    BIGINT NOT NULL DEFAULT 0,
    position BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX poll_answers_poll ON poll_answers (poll_id, position);

-- Sentences of the day: the sentence for a date is row number (days since 1970-01-01 mod count), by id.
CREATE TABLE day_sentences (
    id     INTEGER PRIMARY KEY,
    text   TEXT NOT NULL,
    author TEXT NOT NULL DEFAULT ''
);

-- ---------------------------------------------------------------------------------------------------
-- Treasure hunt (/caca-ao-tesouro). Wire names (C30): id_tesouro/idHunt = id, tx_descricao = description,
-- situacao = is_active, tx_regulamento = rules, dt_inicio = starts_at, dt_fim/huntEndDate = ends_at,
-- banner_message/bannerMessage = banner_message.
CREATE TABLE treasure_hunts (
    id             INTEGER PRIMARY KEY,
    title          TEXT NOT NULL,
    description    TEXT NOT NULL DEFAULT '',
    rules          TEXT NOT NULL DEFAULT '', -- sanitised HTML
    banner_message TEXT NOT NULL DEFAULT '',
    is_active      BIGINT NOT NULL DEFAULT 1,
    starts_at      BIGINT NOT NULL,
    ends_at        BIGINT NOT NULL
);

-- Prizes of a hunt (prizeName, prizeDescription, numberTotalPrize, prizeRemainingQuantity, prizeIcon).
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
CREATE INDEX hunt_prizes_hunt ON hunt_prizes (hunt_id, position);
