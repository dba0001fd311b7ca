-- Every server process keeps a short in-memory cache of the sessions it has resolved (issue 15). A
-- session that ends must leave every process's cache at once, whichever code path or process deleted
-- it (logout, password change, an operator, the expiry sweep): the database announces each deleted
-- session on one channel, and every process listens (modules/auth/session-cache.ts).
CREATE FUNCTION notify_session_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('negayno_session_ended', OLD.token_hash);
  RETURN OLD;
END;
$$;

CREATE TRIGGER sessions_notify_ended
AFTER DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
