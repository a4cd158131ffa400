-- The back office's promotions and treasure hunts (issue 20). `version` is bumped by every save, so two
-- staff members never overwrite each other silently (a stale save is refused); `changed_at` is the last
-- change (0 for the seed's rows).
ALTER TABLE promotions ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE promotions ADD COLUMN changed_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE treasure_hunts ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE treasure_hunts ADD COLUMN changed_at BIGINT NOT NULL DEFAULT 0;

-- The back office's list: latest start first.
CREATE INDEX promotions_starts ON promotions (starts_at, id);
