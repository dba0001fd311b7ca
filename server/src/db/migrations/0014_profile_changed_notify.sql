-- Issue 15: every server process keeps the profile answers it read lately (users/profile-answers.ts)
-- and must drop one the moment anything it shows changes, whichever code path or process changed it:
-- the user's own row, their wallet and bonus balances, their notifications (the unread count), their
-- Telegram channel, and their ties to projects (the project count). The database announces each such
-- change on one channel, with the user's id, or '*' when a project disappears or a task moves and so
-- the count of everyone tied to it may change. NOTIFY sends a transaction's repeated payloads once.

-- A row of a table whose user_id column names the person concerned (both, if an update moved it).
CREATE FUNCTION notify_profile_of_user_id() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    IF NEW.user_id IS NOT NULL THEN
      PERFORM pg_notify('negayno_profile_changed', NEW.user_id::text);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.user_id IS NOT NULL THEN
      PERFORM pg_notify('negayno_profile_changed', OLD.user_id::text);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.user_id IS NOT NULL AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('negayno_profile_changed', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION notify_profile_of_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('negayno_profile_changed', OLD.id::text);
  RETURN NULL;
END;
$$;

CREATE FUNCTION notify_profile_of_everyone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('negayno_profile_changed', '*');
  RETURN NULL;
END;
$$;

-- Any update of the user's row: the profile shows most of its columns, and the few it does not
-- (the last-seen mark, written at most once a minute) cost one re-read.
CREATE TRIGGER users_notify_profile AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION notify_profile_of_user();

CREATE TRIGGER accounts_notify_profile AFTER INSERT OR UPDATE OF balance, user_id OR DELETE ON accounts
FOR EACH ROW EXECUTE FUNCTION notify_profile_of_user_id();

CREATE TRIGGER notifications_notify_profile AFTER INSERT OR UPDATE OR DELETE ON notifications
FOR EACH ROW EXECUTE FUNCTION notify_profile_of_user_id();

CREATE TRIGGER telegram_channels_notify_profile AFTER INSERT OR UPDATE OR DELETE ON telegram_channels
FOR EACH ROW EXECUTE FUNCTION notify_profile_of_user_id();

CREATE TRIGGER project_members_notify_profile AFTER INSERT OR UPDATE OR DELETE ON project_members
FOR EACH ROW EXECUTE FUNCTION notify_profile_of_user_id();

CREATE TRIGGER project_staff_notify_profile AFTER INSERT OR UPDATE OR DELETE ON project_staff
FOR EACH ROW EXECUTE FUNCTION notify_profile_of_user_id();

CREATE TRIGGER task_performers_notify_profile AFTER INSERT OR UPDATE OR DELETE ON task_performers
FOR EACH ROW EXECUTE FUNCTION notify_profile_of_user_id();

-- A project deleted (or brought back) changes the count of everyone tied to it; so does a task moved
-- to another project, for its performers. Both are rare: every process re-reads every profile. (A
-- project's row deleted outright takes its members, staff and tasks with it, each announced above.)
CREATE TRIGGER projects_notify_profile AFTER UPDATE OF deleted_at ON projects
FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION notify_profile_of_everyone();

CREATE TRIGGER tasks_notify_profile AFTER UPDATE OF project_id ON tasks
FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id) EXECUTE FUNCTION notify_profile_of_everyone();
