-- CreateTable
CREATE TABLE "catalog_changes" (
    "id" BIGSERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "version" BIGINT NOT NULL,
    "deal_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "catalog_changes_key_version_idx" ON "catalog_changes"("key", "version");

-- Issue 10 items 6 and 7. Every bump of catalog_versions now also (a) journals which deals it changed,
-- so a cache reload applies only those, and (b) NOTIFYs perkway_catalog with "key:version", so app
-- processes invalidate their caches without polling. Bumps of one key serialize on its
-- catalog_versions row lock, so versions follow commit order and "version > v" never misses a row.
-- Partners' active flag NOTIFYs perkway_partner with the partner id.
-- (Same \073 convention as add_catalog_versions: the migration runner splits on every semicolon.)

-- The previous bump, under a new name.
CREATE FUNCTION perkway_catalog_bump_only(keys text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_versions AS v (key, version, updated_at)
  SELECT k, 1, now() FROM (SELECT DISTINCT unnest(keys) AS k) AS distinct_keys WHERE k IS NOT NULL ORDER BY k
  ON CONFLICT (key) DO UPDATE SET version = v.version + 1, updated_at = now()
$$;

-- keys[i] changed deal_ids[i] (null: everything under keys[i]).
CREATE FUNCTION perkway_catalog_bump_deals(keys text[], deal_ids uuid[]) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  IF cardinality(keys) IS NULL OR cardinality(keys) = 0 THEN RETURN\073 END IF\073
  PERFORM perkway_catalog_bump_only(keys)\073
  INSERT INTO catalog_changes (key, version, deal_id)
  SELECT c.k, v.version, c.d FROM (SELECT DISTINCT k, d FROM unnest(keys, deal_ids) AS u(k, d) WHERE k IS NOT NULL) AS c
  JOIN catalog_versions v ON v.key = c.k\073
  PERFORM pg_notify(''perkway_catalog'', v.key || '':'' || v.version::text) FROM catalog_versions v WHERE v.key = ANY(keys)\073
END';

CREATE OR REPLACE FUNCTION perkway_catalog_bump(keys text[]) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump_deals(keys, array_fill(NULL::uuid, ARRAY[cardinality(keys)]))\073
END';

CREATE OR REPLACE FUNCTION perkway_catalog_deals_inserted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump_deals(array_agg(k ORDER BY k, id), array_agg(id ORDER BY k, id))
  FROM (SELECT COALESCE(owner_partner_id::text, ''shared'') AS k, id FROM new_rows) AS s\073
  RETURN NULL\073
END';
CREATE OR REPLACE FUNCTION perkway_catalog_deals_updated() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump_deals(array_agg(k ORDER BY k, id), array_agg(id ORDER BY k, id))
  FROM (SELECT COALESCE(owner_partner_id::text, ''shared'') AS k, id FROM new_rows
        UNION SELECT COALESCE(owner_partner_id::text, ''shared''), id FROM old_rows) AS s\073
  RETURN NULL\073
END';
CREATE OR REPLACE FUNCTION perkway_catalog_deals_deleted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump_deals(array_agg(k ORDER BY k, id), array_agg(id ORDER BY k, id))
  FROM (SELECT COALESCE(owner_partner_id::text, ''shared'') AS k, id FROM old_rows) AS s\073
  RETURN NULL\073
END';
CREATE OR REPLACE FUNCTION perkway_catalog_children_inserted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump_deals(array_agg(k ORDER BY k, id), array_agg(id ORDER BY k, id))
  FROM (SELECT DISTINCT COALESCE(d.owner_partner_id::text, ''shared'') AS k, d.id FROM new_rows r JOIN deals d ON d.id = r.deal_id) AS s\073
  RETURN NULL\073
END';
CREATE OR REPLACE FUNCTION perkway_catalog_children_updated() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump_deals(array_agg(k ORDER BY k, id), array_agg(id ORDER BY k, id))
  FROM (SELECT COALESCE(d.owner_partner_id::text, ''shared'') AS k, d.id FROM new_rows r JOIN deals d ON d.id = r.deal_id
        UNION SELECT COALESCE(d.owner_partner_id::text, ''shared''), d.id FROM old_rows r JOIN deals d ON d.id = r.deal_id) AS s\073
  RETURN NULL\073
END';
CREATE OR REPLACE FUNCTION perkway_catalog_children_deleted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump_deals(array_agg(k ORDER BY k, id), array_agg(id ORDER BY k, id))
  FROM (SELECT DISTINCT COALESCE(d.owner_partner_id::text, ''shared'') AS k, d.id FROM old_rows r JOIN deals d ON d.id = r.deal_id) AS s\073
  RETURN NULL\073
END';

CREATE FUNCTION perkway_partner_active_changed() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''perkway_partner'', COALESCE(NEW.id, OLD.id)::text)\073
  RETURN NULL\073
END';
CREATE TRIGGER partners_active_notify AFTER UPDATE OF active ON partners
  FOR EACH ROW WHEN (OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION perkway_partner_active_changed();
CREATE TRIGGER partners_delete_notify AFTER DELETE ON partners
  FOR EACH ROW EXECUTE FUNCTION perkway_partner_active_changed();
