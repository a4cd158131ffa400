-- The back office's newsroom and its audit log (issue 20).
--
-- A news item now has a state. Public queries all filter `published_at <= now`, so an item that must
-- not be public (a draft, or one taken down) stores published_at = 253402300799 (9999-12-31 23:59:59
-- UTC): no public path can show it, even one written later that forgets the state. `state` tells
-- staff what it is ('draft', 'published' or 'unpublished'; a published item whose published_at is
-- still ahead is shown as scheduled), and `intended_at` keeps the date a hidden item had or is meant
-- to have, so 'unpublish then republish' keeps the original date. `version` is bumped by every save
-- (two editors never overwrite each other silently); `changed_at` is the last change, the order of the
-- back office's list (0 for rows written without it, which sort last); `created_by` the staff member who created it (NULL for the seed's items).
ALTER TABLE news ADD COLUMN state TEXT NOT NULL DEFAULT 'published';
ALTER TABLE news ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE news ADD COLUMN created_at BIGINT;
ALTER TABLE news ADD COLUMN changed_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE news ADD COLUMN created_by BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE news ADD COLUMN intended_at BIGINT;
UPDATE news SET created_at = published_at, changed_at = COALESCE(updated_at, published_at);

-- The back office's list: newest change first, alone or within one state, category or journalist
-- (50,000 items answer a page from the index instead of sorting the table).
CREATE INDEX news_changed ON news (changed_at, id);
CREATE INDEX news_state_changed ON news (state, changed_at, id);
CREATE INDEX news_category_changed ON news (category_id, changed_at, id);
CREATE INDEX news_journalist_changed ON news (journalist_id, changed_at, id);

-- Every back-office change: who, when, what, and the record before and after (JSON, bounded: long
-- texts are cut in this copy). user_id is kept NULL once the account is gone.
CREATE TABLE audit_log (
    id          BIGSERIAL PRIMARY KEY,
    at          BIGINT NOT NULL,
    user_id     BIGINT REFERENCES users (id) ON DELETE SET NULL,
    action      TEXT NOT NULL,
    entity      TEXT NOT NULL,
    entity_id   BIGINT,
    before_json TEXT,
    after_json  TEXT
);
-- One record's history, newest first.
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, id);
