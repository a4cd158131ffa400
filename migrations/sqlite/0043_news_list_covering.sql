-- The news lists page with OFFSET (the API's getNews/{offset}/{count}, C40), so a deep page walks
-- every item before it. The list first picks the page's ids (routes/news.rs fetch_items) and these
-- covering indexes answer that step alone, without reading the wide rows it skips. They replace
-- news_published and news_category_published, their prefixes.
DROP INDEX news_published;
CREATE INDEX news_published ON news (published_at, id, is_pro, source, category_id);
DROP INDEX news_category_published;
CREATE INDEX news_category_published ON news (category_id, published_at, id, is_pro, source);
