-- News tracking (content issue): the views reported by the readers' browsers in batches
-- (POST /api/v1/tracking/newsViewsHit and newsViewsHitAuth). A browser session (sessionHash, G57) counts
-- a news item once per Brasília day; each counted view also adds one to news_daily_views, the source of
-- 'most read of the week'. Conventions of db.rs: BIGINT integers, Unix-second instants, TEXT dates.

CREATE TABLE news_views (
    id           BIGSERIAL PRIMARY KEY,
    news_id      BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    session_hash TEXT NOT NULL,            -- 32 lowercase hex digits
    user_id      BIGINT REFERENCES users (id) ON DELETE SET NULL, -- newsViewsHitAuth only
    day          TEXT NOT NULL,            -- 'YYYY-MM-DD', Brasília date of the view
    viewed_at    BIGINT NOT NULL,          -- when the reader saw it (server clock)
    received_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX news_views_once ON news_views (session_hash, news_id, day);
CREATE INDEX news_views_news ON news_views (news_id, viewed_at);
CREATE INDEX news_views_user ON news_views (user_id);

-- 'Most read of the week' sums a week of news_daily_views per item: this covers that query (day range,
-- item, views) so it never visits the table rows.
CREATE INDEX news_daily_views_week ON news_daily_views (day, news_id, views);
