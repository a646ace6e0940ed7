-- Tables that the server used to create itself at start-up, where two instances starting at once raced on the
-- catalog. IF NOT EXISTS: databases that ran an older build already have them.
-- The socket.io PostgreSQL adapter's large messages (its own schema, read by @socket.io/postgres-adapter).
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
  "id" bigserial UNIQUE,
  "created_at" timestamptz DEFAULT now(),
  "payload" bytea
);--> statement-breakpoint
-- Rate-limit counters shared by every instance. UNLOGGED: counters need no crash safety, and it skips the WAL.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limit_hits" (
  "key" text PRIMARY KEY,
  "hits" integer NOT NULL,
  "reset_at" timestamptz NOT NULL
);
