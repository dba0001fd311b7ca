-- Whose move (tasks/whose-move.ts) dates a task's status by its main chat's latest system message. A
-- chat holds a handful of system messages among thousands of people's, so the backward scan of
-- messages_chat_created_idx walked the whole chat before it met one (PGlite, a 3,000-message chat:
-- 14 ms per card or tab read). This partial index holds only the system messages.
CREATE INDEX messages_chat_system_idx ON messages (chat_id, created_at DESC) WHERE author_id IS NULL;
