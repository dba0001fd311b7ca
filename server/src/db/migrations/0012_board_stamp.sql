-- Issue 15: a board answer is re-used while its stamp (tasks/repo.ts boardStamp) is unchanged; these
-- indexes answer the stamp's parts without reading the tables.
CREATE INDEX tasks_project_updated_idx ON tasks (project_id, updated_at);
CREATE INDEX chat_reads_user_updated_idx ON chat_reads (user_id, updated_at);
CREATE INDEX users_updated_idx ON users (updated_at);

-- The stamp reads a project's newest task change from updated_at: a change that did not set it (an
-- operator's UPDATE by hand, a repair script) sets it here, so boards show it too.
CREATE FUNCTION tasks_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at = OLD.updated_at AND NEW IS DISTINCT FROM OLD THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER tasks_touch_updated_at BEFORE UPDATE ON tasks FOR EACH ROW EXECUTE FUNCTION tasks_touch_updated_at();

-- Whose move (tasks/whose-move.ts) reads a chat's latest system, staff and client messages by time:
-- a backward scan of this index stops at the first match instead of reading the whole chat.
CREATE INDEX messages_chat_created_idx ON messages (chat_id, created_at DESC);
