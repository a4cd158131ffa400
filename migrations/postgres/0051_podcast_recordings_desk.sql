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
    SELECT r.id, t.ordinality - 1, t.value
    FROM podcast_recordings r,
         jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.tags::jsonb) = 'array' THEN r.tags::jsonb ELSE '[]'::jsonb END)
         WITH ORDINALITY AS t(value, ordinality);
ALTER TABLE podcast_recordings DROP COLUMN tags;
