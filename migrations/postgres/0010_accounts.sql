-- Accounts (issue 3): users, sessions, e-mail confirmation codes, password-reset tokens, PRO
-- subscriptions, staff permissions, payment-webhook replay protection and rate-limit hits.
-- Conventions of db.rs: integers BIGINT, flags BIGINT 0/1, instants BIGINT Unix seconds, dates TEXT.

CREATE TABLE users (
    id                 BIGSERIAL PRIMARY KEY,
    email              TEXT NOT NULL,
    -- NULL for social-only accounts (no local password; C32 password:false).
    password_hash      TEXT,
    name               TEXT NOT NULL,
    last_name          TEXT,
    gender             TEXT,                 -- 'FEMININO' | 'MASCULINO'
    birthday           TEXT,                 -- 'YYYY-MM-DD'
    cpf                TEXT,                 -- masked '999.999.999-99'
    telefone           TEXT,                 -- masked '(99) 99999-9999'
    cep                TEXT,                 -- '99999-999'
    district           TEXT,
    street             TEXT,
    street_number      TEXT,                 -- up to 5 digits
    address_supplement TEXT,
    state_id           BIGINT,
    city_id            BIGINT,
    newsletter         BIGINT NOT NULL DEFAULT 0,
    email_confirmed    BIGINT NOT NULL DEFAULT 0,
    disabled           BIGINT NOT NULL DEFAULT 0,
    firebase_uid       TEXT,
    firebase_provider  TEXT,                 -- 'google.com', 'facebook.com', … (G03)
    created_at         BIGINT NOT NULL
);
-- E-mail addresses are unique regardless of case.
CREATE UNIQUE INDEX users_email_lower ON users (LOWER(email));
CREATE UNIQUE INDEX users_cpf ON users (cpf);
CREATE UNIQUE INDEX users_firebase_uid ON users (firebase_uid);

-- One row per issued token (the JWT carries the id as jti); revoked on logout, password change,
-- deletion, disabling (G05, S08). Deleting the user deletes its sessions.
CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX sessions_user ON sessions (user_id);

-- The live confirmation code of a user: one row per user, so a resend replaces (invalidates) the
-- previous code (G62). Valid for 24 h.
CREATE TABLE email_codes (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- Password-reset tokens, stored as SHA-256 hex of the token in the link; single use, 24 h (G62).
CREATE TABLE reset_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX reset_tokens_user ON reset_tokens (user_id);

-- PRO subscriptions. isPro is derived on every read: status 'active' (until current_period_end when
-- set), or 'cancelled' while current_period_end (the last paid day, a São Paulo calendar date) has not
-- passed — a cancellation takes effect the day after the paid period ends.
CREATE TABLE subscriptions (
    id                 BIGSERIAL PRIMARY KEY,
    user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan               TEXT NOT NULL,        -- 'monthly' | 'annual'
    source             TEXT NOT NULL,        -- 'app_store' | 'play_store' | 'processor' | 'manual' (admin)
    status             TEXT NOT NULL,        -- 'active' | 'cancelled' | 'expired' | 'revoked'
    current_period_end TEXT,                 -- 'YYYY-MM-DD', NULL = open-ended
    external_id        TEXT,                 -- the payment side's subscription id
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (user_id);
CREATE UNIQUE INDEX subscriptions_external ON subscriptions (source, external_id);

-- Staff permissions (1, 2 or 3) granted by an operator.
CREATE TABLE staff_permissions (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    permission BIGINT NOT NULL,
    granted_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, permission)
);

-- Payment-webhook event ids already processed (replay protection).
CREATE TABLE webhook_events (
    id          TEXT PRIMARY KEY,
    received_at BIGINT NOT NULL
);

-- Rate-limit hits (S09), one row per counted request, kept in the database so that every instance
-- behind a load balancer shares the same counters; old rows are pruned as buckets are checked.
CREATE TABLE rate_limit_hits (
    bucket TEXT NOT NULL,
    at     BIGINT NOT NULL
);
CREATE INDEX rate_limit_hits_bucket ON rate_limit_hits (bucket, at);
