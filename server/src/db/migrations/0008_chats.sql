-- Task chats (issue 13) and the live events' log.

-- The browser's temporary id of the send that made a message: sending again with it answers the same
-- message (a retry after a cut network never makes a second one).
ALTER TABLE messages ADD COLUMN temp_id text;
CREATE UNIQUE INDEX messages_temp_id_key ON messages (chat_id, author_id, temp_id) WHERE temp_id IS NOT NULL;
CREATE INDEX messages_parent_idx ON messages (parent_id) WHERE parent_id IS NOT NULL;

-- A message's one file (decisions 4), checked like a task's attachment; its bytes live in the file store.
CREATE TABLE message_files (
  message_id integer PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  name text NOT NULL,
  extension text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('video', 'audio', 'image', 'archive', 'design', 'documents')),
  mime text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  storage_key text NOT NULL UNIQUE,
  thumb_key text,
  color text NOT NULL,
  width integer,
  height integer
);

-- Reactions: one row per person and emoji; a second toggle removes it.
CREATE TABLE message_reactions (
  message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  emoji text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, user_id, emoji)
);

-- When a reader's mark last moved (read receipts list readers in that order).
ALTER TABLE chat_reads ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX chat_reads_chat_idx ON chat_reads (chat_id, last_viewed_message_id);

-- The client message the task's manager was last told is waiting for staff (told once per message).
ALTER TABLE chats ADD COLUMN waiting_alerted_message_id integer;

-- The live events' log (docs/decisions.md "Live events are numbered per room"). Each room has a
-- counter row; an event takes the next number under that row's lock and is written in the same
-- transaction, then sent. A browser that missed numbers reads them here.
CREATE TABLE live_rooms (
  room text PRIMARY KEY,
  seq bigint NOT NULL DEFAULT 0
);

CREATE TABLE live_events (
  room text NOT NULL,
  seq bigint NOT NULL,
  name text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room, seq)
);
CREATE INDEX live_events_created_idx ON live_events (created_at);
