-- The yearly top 100 becomes a list per year with an id of its own, so the back office edits it like
-- the top-10 lists (issue 20): a year is created, its songs picked and reordered, the year deleted with
-- its ranks. The ranks move from (year, position) to (list_id, position).
CREATE TABLE top100_lists (
    id   INTEGER PRIMARY KEY,
    year BIGINT NOT NULL UNIQUE
);
INSERT INTO top100_lists (year) SELECT DISTINCT year FROM top100_entries ORDER BY year;

CREATE TABLE top100_ranks (
    list_id  BIGINT NOT NULL REFERENCES top100_lists (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,              -- 1..100
    song_id  BIGINT NOT NULL REFERENCES songs (id),
    PRIMARY KEY (list_id, position)
);
INSERT INTO top100_ranks (list_id, position, song_id)
    SELECT l.id, e.position, e.song_id FROM top100_entries e JOIN top100_lists l ON l.year = e.year;
DROP TABLE top100_entries;
ALTER TABLE top100_ranks RENAME TO top100_entries;
