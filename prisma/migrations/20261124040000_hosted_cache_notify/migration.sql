-- Issue 13 (hosted list p99): the hosted app caches the partner behind a subdomain and the signed-in
-- member per process (src/server/services/hosted/hosted-caches.ts), invalidated by NOTIFY like the
-- catalogue caches (src/server/db/change-feed.ts). So that no change is missed:
--   * perkway_partner "<id>" now fires when a partner row is created or changed in any way (branding,
--     subdomain, freemium, upgrade URL, allowed origins…), not only when its active flag changes (a new
--     partner matters too: an unknown subdomain is cached as "no partner");
--   * perkway_member "<partner_id>:<environment>:<id>" (the cache's key, so that its read stays scoped)
--     fires when a member row is updated or deleted (inserts need nothing: an id is never cached before
--     its row exists).
-- Notifications are sent at commit, and PostgreSQL folds repeats of one payload within a transaction.
-- (Same \073 convention as the earlier trigger migrations: the migration runner splits on semicolons.)

DROP TRIGGER partners_active_notify ON partners;
CREATE TRIGGER partners_changed_notify AFTER UPDATE ON partners
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION perkway_partner_active_changed();
CREATE TRIGGER partners_created_notify AFTER INSERT ON partners
  FOR EACH ROW EXECUTE FUNCTION perkway_partner_active_changed();

CREATE FUNCTION perkway_member_changed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''perkway_member'', OLD.partner_id::text || '':'' || OLD.environment::text || '':'' || OLD.id::text)\073
  RETURN NULL\073
END';
CREATE TRIGGER members_changed_notify AFTER UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION perkway_member_changed();
