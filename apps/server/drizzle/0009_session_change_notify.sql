-- Every server process keeps sessions it looked up for a moment (auth/session-cache.ts).
-- A session ended, or a change to its user (deactivated, roles, sorting centre), tells every
-- process at commit, whoever made it: the application or SQL typed by an administrator.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changes', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('session_changes', 'u:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
