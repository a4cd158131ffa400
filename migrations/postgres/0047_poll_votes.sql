-- Votes on the home poll (issue 18, POST /api/v1/poll/vote): one per poll for each account, or for a
-- visitor without a session, for each browser (its a1_browserHash cookie). The unique index is what
-- makes it once: two votes racing from two tabs or two instances store one row, and the vote's
-- handler adds to poll_answers.votes in the same transaction only when its row was stored.

-- voter: 'user:<users.id>' or 'browser:<32 hex digits>', one key for both kinds so one unique index
-- covers them. user_id: the account, so deleting it deletes its votes' rows (the counts stay: the
-- vote was cast). created_at: when the vote was cast (Unix seconds).
CREATE TABLE poll_votes (
    id         BIGSERIAL PRIMARY KEY,
    poll_id    BIGINT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    answer_id  BIGINT NOT NULL REFERENCES poll_answers (id) ON DELETE CASCADE,
    user_id    BIGINT REFERENCES users (id) ON DELETE CASCADE,
    voter      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX poll_votes_once ON poll_votes (poll_id, voter);
CREATE INDEX poll_votes_answer ON poll_votes (answer_id);
CREATE INDEX poll_votes_user ON poll_votes (user_id);
