-- The listeners' forms and the staff inbox (issue 17). Every submission is stored before the listener
-- is told it was sent; its e-mail to the station is tried after that and retried until it leaves.

-- kind: 'recommendation', 'contact', 'workWithUs' or 'freeStreaming'. payload: the validated request as
-- JSON (the shared wire type of its kind). category_id: the contact subject (1–7), kept apart because
-- each subject may have its own mailbox. file_path: the CV's stored name under <data dir>/uploads/cv.
-- next_mail_at: when the next e-mail try may run (a try leases the row by moving it forward; NULL once
-- mailed). handled_by: the staff member who marked it handled.
CREATE TABLE form_submissions (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL,
    user_id         BIGINT REFERENCES users (id) ON DELETE SET NULL,
    category_id     BIGINT,
    payload         TEXT NOT NULL,
    file_path       TEXT,
    created_at      BIGINT NOT NULL,
    mailed_at       BIGINT,
    mail_attempts   BIGINT NOT NULL DEFAULT 0,
    next_mail_at    BIGINT,
    last_mail_error TEXT,
    handled_at      BIGINT,
    handled_by      BIGINT REFERENCES users (id) ON DELETE SET NULL
);
-- The inbox's pages, newest first per kind.
CREATE INDEX form_submissions_kind ON form_submissions (kind, id);
-- The retry job reads only what waits for its e-mail.
CREATE INDEX form_submissions_unmailed ON form_submissions (next_mail_at) WHERE mailed_at IS NULL;
-- Retention.
CREATE INDEX form_submissions_created ON form_submissions (created_at);
-- A CV belongs to one application.
CREATE UNIQUE INDEX form_submissions_file ON form_submissions (file_path);
