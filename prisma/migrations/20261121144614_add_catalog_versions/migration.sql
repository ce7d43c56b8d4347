-- CreateTable
CREATE TABLE "catalog_versions" (
    "key" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_versions_pkey" PRIMARY KEY ("key")
);

-- GET /v1/deals cache invalidation (docs/decisions/deals-cache.md). Every committed change to the
-- catalogue bumps a counter in the same transaction, so an app process that reads the counters at
-- the start of a request can never serve an answer older than that request. Keys: 'shared' (the
-- servicepass catalogue and categories) and a partner id (that partner's own deals and the partner
-- attributes visibility depends on). Statement-level triggers with transition tables, so a bulk
-- import bumps each key once instead of once per row.
--
-- NOTE: @prisma/adapter-pg's executeScript (used by our WASM migration runner) splits a script on
-- every semicolon, dollar quotes included. So the PL/pgSQL bodies below are E'' strings that spell
-- each statement terminator as \073 (octal for the semicolon): valid SQL for any runner.
CREATE FUNCTION perkway_catalog_bump(keys text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_versions AS v (key, version, updated_at)
  SELECT k, 1, now() FROM (SELECT DISTINCT unnest(keys) AS k) AS distinct_keys WHERE k IS NOT NULL ORDER BY k
  ON CONFLICT (key) DO UPDATE SET version = v.version + 1, updated_at = now()
$$;

CREATE FUNCTION perkway_catalog_deals_inserted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY(SELECT COALESCE(owner_partner_id::text, ''shared'') FROM new_rows))\073
  RETURN NULL\073
END';
CREATE FUNCTION perkway_catalog_deals_updated() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY(SELECT COALESCE(owner_partner_id::text, ''shared'') FROM new_rows
                                     UNION SELECT COALESCE(owner_partner_id::text, ''shared'') FROM old_rows))\073
  RETURN NULL\073
END';
CREATE FUNCTION perkway_catalog_deals_deleted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY(SELECT COALESCE(owner_partner_id::text, ''shared'') FROM old_rows))\073
  RETURN NULL\073
END';

-- deal_categories and visibility_rules: the key of the deal they belong to. A row whose deal is gone
-- was removed by the deal's cascade, and the deal's own trigger has bumped that key already.
CREATE FUNCTION perkway_catalog_children_inserted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY(SELECT COALESCE(d.owner_partner_id::text, ''shared'') FROM new_rows r JOIN deals d ON d.id = r.deal_id))\073
  RETURN NULL\073
END';
CREATE FUNCTION perkway_catalog_children_updated() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY(SELECT COALESCE(d.owner_partner_id::text, ''shared'') FROM new_rows r JOIN deals d ON d.id = r.deal_id
                                     UNION SELECT COALESCE(d.owner_partner_id::text, ''shared'') FROM old_rows r JOIN deals d ON d.id = r.deal_id))\073
  RETURN NULL\073
END';
CREATE FUNCTION perkway_catalog_children_deleted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY(SELECT COALESCE(d.owner_partner_id::text, ''shared'') FROM old_rows r JOIN deals d ON d.id = r.deal_id))\073
  RETURN NULL\073
END';

-- A category rename changes every deal that shows it: 'shared' invalidates every partner's view.
CREATE FUNCTION perkway_catalog_shared_changed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY[''shared''])\073
  RETURN NULL\073
END';

CREATE FUNCTION perkway_catalog_truncated() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY[''shared''])\073
  UPDATE catalog_versions SET version = version + 1, updated_at = now() WHERE key <> ''shared''\073
  RETURN NULL\073
END';

-- Partner attributes that visibility depends on (type, regions, freemium). Row-level because a
-- column list cannot be combined with transition tables, and partners change one at a time.
CREATE FUNCTION perkway_catalog_partner_changed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ARRAY[NEW.id::text])\073
  RETURN NULL\073
END';

CREATE TRIGGER catalog_deals_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_deals_inserted();
CREATE TRIGGER catalog_deals_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_deals_updated();
CREATE TRIGGER catalog_deals_delete AFTER DELETE ON deals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_deals_deleted();
CREATE TRIGGER catalog_deals_truncate AFTER TRUNCATE ON deals
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_truncated();

CREATE TRIGGER catalog_deal_categories_insert AFTER INSERT ON deal_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_children_inserted();
CREATE TRIGGER catalog_deal_categories_update AFTER UPDATE ON deal_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_children_updated();
CREATE TRIGGER catalog_deal_categories_delete AFTER DELETE ON deal_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_children_deleted();
CREATE TRIGGER catalog_deal_categories_truncate AFTER TRUNCATE ON deal_categories
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_truncated();

CREATE TRIGGER catalog_visibility_rules_insert AFTER INSERT ON visibility_rules REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_children_inserted();
CREATE TRIGGER catalog_visibility_rules_update AFTER UPDATE ON visibility_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_children_updated();
CREATE TRIGGER catalog_visibility_rules_delete AFTER DELETE ON visibility_rules REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_children_deleted();
CREATE TRIGGER catalog_visibility_rules_truncate AFTER TRUNCATE ON visibility_rules
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_truncated();

CREATE TRIGGER catalog_categories_change AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_shared_changed();
CREATE TRIGGER catalog_categories_truncate AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_truncated();

CREATE TRIGGER catalog_partners_update AFTER UPDATE OF type, regions, freemium_enabled ON partners
  FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.regions IS DISTINCT FROM NEW.regions
                     OR OLD.freemium_enabled IS DISTINCT FROM NEW.freemium_enabled)
  EXECUTE FUNCTION perkway_catalog_partner_changed();
