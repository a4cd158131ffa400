-- News categories (the 14 of the routes table) and affiliates (the 'Sintonize no FM' modal, /afiliadas).

CREATE TABLE news_categories (
    id       INTEGER PRIMARY KEY,
    slug     TEXT NOT NULL UNIQUE,
    name     TEXT NOT NULL,
    position BIGINT NOT NULL DEFAULT 0
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
CREATE INDEX affiliates_state ON affiliates (state);
