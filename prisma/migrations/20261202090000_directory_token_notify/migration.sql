-- Issue 56: each process caches directory tokens by hash (src/server/services/directory-sync/
-- authenticate-directory-token.ts), with their partner's active flag, so a directory's lookups cost one
-- query. A revocation (or a token's deletion, with its partner) notifies perkway_partner "<partner id>",
-- which every partner-keyed cache already listens to. last_used_at, written with every request log
-- flush, notifies nothing. A partner's own changes notify through partners_changed_notify.
-- (Same \073 convention as the earlier trigger migrations: the migration runner splits on semicolons.)

CREATE FUNCTION perkway_directory_token_changed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''perkway_partner'', OLD.partner_id::text)\073
  RETURN NULL\073
END';
CREATE TRIGGER directory_tokens_changed_notify AFTER UPDATE OF revoked_at, token_hash, partner_id, environment OR DELETE ON directory_tokens
  FOR EACH ROW EXECUTE FUNCTION perkway_directory_token_changed();
