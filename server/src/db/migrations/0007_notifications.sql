-- Notifications (decisions 6): the in-app records, the delivery outbox every server process works from,
-- the log of delivery attempts, and the Telegram channel of each user. Plain SQL for PostgreSQL 15 and PGlite.

-- One notification of one person. `kind` names the event (invitation_sent, task_created, …); `payload`
-- holds what its text needs (names, numbers), so the list reads without joining other modules' tables.
CREATE TABLE notifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  project_id integer REFERENCES projects (id) ON DELETE CASCADE,
  task_id integer REFERENCES tasks (id) ON DELETE CASCADE,
  payload jsonb NOT NULL DEFAULT '{}',
  date_viewed timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE date_viewed IS NULL;

-- The outbox: one row per notification and channel ('app' = the live event, 'telegram', 'email').
-- A worker claims due rows with FOR UPDATE SKIP LOCKED and a lease, so each row is handled by one
-- process at a time, and a row whose worker died is taken up again when its lease runs out.
CREATE TABLE notification_deliveries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notification_id integer NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('app', 'telegram', 'email')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (notification_id, channel)
);
CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (next_attempt_at, id) WHERE status IN ('pending', 'sending');

-- Every attempt of every delivery, kept for the operator: what was tried, when, and what came back.
CREATE TABLE notification_delivery_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id integer NOT NULL REFERENCES notification_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('sent', 'retry', 'failed', 'skipped')),
  http_status integer,
  error text,
  duration_ms integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_delivery_log_delivery_idx ON notification_delivery_log (delivery_id, id);

-- A user's Telegram channel. Linking: the profile asks for a one-time token (stored hashed, expiring);
-- the bot receives `/start TOKEN` and binds the chat. `blocked_at`: Telegram answered 403 (the user
-- blocked the bot), the channel turned itself off and the profile says so.
CREATE TABLE telegram_channels (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  chat_id bigint,
  username text,
  enabled boolean NOT NULL DEFAULT false,
  link_token_hash text,
  link_token_expires_at timestamptz,
  linked_at timestamptz,
  blocked_at timestamptz
);
CREATE UNIQUE INDEX telegram_channels_token_key ON telegram_channels (link_token_hash) WHERE link_token_hash IS NOT NULL;

-- The bot's long polling: the next update offset, and which process holds the poll (a lease, so one
-- process at a time asks Telegram for updates and none is handled twice).
CREATE TABLE telegram_poll_state (
  id integer PRIMARY KEY CHECK (id = 1),
  update_offset bigint NOT NULL DEFAULT 0,
  holder text,
  lease_until timestamptz
);
INSERT INTO telegram_poll_state (id) VALUES (1);
