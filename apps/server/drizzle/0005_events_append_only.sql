-- The events table is an append-only record (docs/DECISIONS.md "Faults and bad input"): the
-- application's own database role may insert rows but never change or remove them. A trigger
-- works on PGlite and PostgreSQL alike and binds every role but a superuser that disables it.
CREATE FUNCTION "events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "events_no_update_delete" BEFORE UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "events_no_truncate" BEFORE TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "events_append_only"();
