-- Core tables every feature relies on.
-- Conventions (see server/src/db.rs): BIGINT integers, 0/1 flags, Unix-second instants, TEXT dates.

-- Key-value settings kept as JSON text: the app parameters, the demo-seed marker, operator switches.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
