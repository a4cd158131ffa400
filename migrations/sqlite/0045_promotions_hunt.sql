-- Taking part in promotions and the treasure hunt (issue 16). The server decides every outcome, and the
-- database holds the rules that concurrency could otherwise break.

-- A listener's answers. A promotion that takes one answer per person (rs_multiple 'N') stores the user's
-- id in single_user too, and the unique index on it refuses a second row even when two first answers
-- race; a multiple-answer promotion leaves single_user NULL (NULLs never collide).
CREATE TABLE promotion_answers (
    id           INTEGER PRIMARY KEY,
    promotion_id BIGINT NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    single_user  BIGINT,
    answer       TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX promotion_answers_user ON promotion_answers (user_id, promotion_id, id);
CREATE INDEX promotion_answers_promotion ON promotion_answers (promotion_id, user_id);
CREATE UNIQUE INDEX promotion_answers_single ON promotion_answers (promotion_id, single_user);

-- Draws of winners (`onda-server admin draw-winners`): enough to audit and repeat one. Every eligible
-- participant is ranked by SHA-256(seed:user id) and the lowest win, so the seed and the participant
-- list stored here reproduce the pick (`onda-server admin verify-draw`).
CREATE TABLE promotion_draws (
    id                INTEGER PRIMARY KEY,
    promotion_id      BIGINT NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    seed              TEXT NOT NULL,
    requested         BIGINT NOT NULL,
    participants      BIGINT NOT NULL,
    participant_ids   TEXT NOT NULL, -- comma-separated, ascending
    drawn_by          TEXT NOT NULL,
    drawn_at          BIGINT NOT NULL
);
CREATE INDEX promotion_draws_promotion ON promotion_draws (promotion_id);

-- A drawn winner points at the account and the draw (the demo's historical winners have neither).
ALTER TABLE promotion_winners ADD COLUMN user_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE promotion_winners ADD COLUMN draw_id BIGINT REFERENCES promotion_draws (id) ON DELETE SET NULL;
ALTER TABLE promotion_winners ADD COLUMN mailed_at BIGINT;
CREATE UNIQUE INDEX promotion_winners_user ON promotion_winners (promotion_id, user_id);

-- The chance that a counted page view wins a prize while stock lasts (0 … 1).
ALTER TABLE treasure_hunts ADD COLUMN win_probability DOUBLE PRECISION NOT NULL DEFAULT 0.02;

-- Every prize won. status: 'reserved' (won, chest closed) → 'opened' (chest clicked, e-mail sent) →
-- 'shared' (the winner shared it and hunts again). The partial unique index is the rule "a user never
-- holds two pending prizes", kept by the database whatever the requests race.
CREATE TABLE hunt_wins (
    id              INTEGER PRIMARY KEY,
    hunt_id         BIGINT NOT NULL REFERENCES treasure_hunts (id) ON DELETE CASCADE,
    prize_id        BIGINT NOT NULL REFERENCES hunt_prizes (id) ON DELETE CASCADE,
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status          TEXT NOT NULL DEFAULT 'reserved',
    won_at          BIGINT NOT NULL,
    opened_at       BIGINT,
    mailed_at       BIGINT,
    share_situation TEXT,
    shared_at       BIGINT
);
CREATE UNIQUE INDEX hunt_wins_pending ON hunt_wins (user_id) WHERE status <> 'shared';
CREATE INDEX hunt_wins_hunt ON hunt_wins (hunt_id, prize_id);

-- Page views counted per hunt and player (the chances they had).
CREATE TABLE hunt_players (
    hunt_id      BIGINT NOT NULL REFERENCES treasure_hunts (id) ON DELETE CASCADE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    page_views   BIGINT NOT NULL DEFAULT 0,
    last_view_at BIGINT NOT NULL,
    PRIMARY KEY (hunt_id, user_id)
);
