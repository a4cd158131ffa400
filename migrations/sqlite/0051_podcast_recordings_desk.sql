-- The 'outros podcasts' recordings are written in the back office (issue 20). Their tags move from a
-- JSON array in a column to rows of their own, which the desk edits as a list like a poll's answers;
-- a recording gets its own key at the player host for when its address there is not its slug.
ALTER TABLE podcast_recordings ADD COLUMN player_key TEXT NOT NULL DEFAULT '';

CREATE TABLE podcast_recording_tags (
    recording_id BIGINT NOT NULL REFERENCES podcast_recordings (id) ON DELETE CASCADE,
    position     BIGINT NOT NULL,
    name         TEXT NOT NULL,
    PRIMARY KEY (recording_id, position)
);
INSERT INTO podcast_recording_tags (recording_id, position, name)
    SELECT r.id, CAST(j.key AS INTEGER), j.value
    FROM podcast_recordings r,
         json_each(CASE WHEN json_valid(r.tags) AND json_type(r.tags) = 'array' THEN r.tags ELSE '[]' END) j
    WHERE j.type = 'text';
ALTER TABLE podcast_recordings DROP COLUMN tags;
