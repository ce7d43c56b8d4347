-- DropIndex
DROP INDEX "deals_slug_key";

-- AlterTable
ALTER TABLE "deals" ADD COLUMN     "slug_scope" TEXT NOT NULL DEFAULT 'servicepass';

-- CreateIndex
CREATE UNIQUE INDEX "deals_slug_scope_slug_key" ON "deals"("slug_scope", "slug");

-- slug_scope follows owner_partner_id and environment, whoever writes the row. (The body is an E''
-- string with \073 for semicolons: see add_catalog_versions for why.)
CREATE FUNCTION perkway_deals_set_slug_scope() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW.slug_scope := CASE WHEN NEW.owner_partner_id IS NULL THEN ''servicepass''
                         ELSE NEW.owner_partner_id::text || '':'' || COALESCE(NEW.environment::text, '''') END\073
  RETURN NEW\073
END';

CREATE TRIGGER perkway_deals_slug_scope BEFORE INSERT OR UPDATE OF owner_partner_id, environment, slug_scope ON "deals"
  FOR EACH ROW EXECUTE FUNCTION perkway_deals_set_slug_scope();

UPDATE "deals" SET "slug_scope" = 'servicepass' WHERE "owner_partner_id" IS NOT NULL;
