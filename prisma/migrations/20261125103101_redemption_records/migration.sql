-- CreateEnum
CREATE TYPE "RedemptionSource" AS ENUM ('member', 'partner', 'provider');

-- AlterTable
ALTER TABLE "deals" ADD COLUMN     "provider_secret_encrypted" TEXT,
ADD COLUMN     "tracking_enabled" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "members" ADD COLUMN     "self_reported_dimensions" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "member_editable_dimensions" TEXT[] DEFAULT ARRAY['customer_type', 'company_stage', 'company_size', 'business_type', 'geography', 'incorporation', 'funding', 'user_types', 'regions']::TEXT[];

-- CreateTable
CREATE TABLE "redemptions" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "member_id" UUID NOT NULL,
    "deal_id" UUID NOT NULL,
    "source" "RedemptionSource" NOT NULL,
    "code" TEXT,
    "confirmed" BOOLEAN NOT NULL DEFAULT false,
    "click_id" TEXT,
    "redeemed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "redemption_clicks" (
    "id" TEXT NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "member_id" UUID NOT NULL,
    "deal_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "converted_at" TIMESTAMPTZ(3),

    CONSTRAINT "redemption_clicks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "partner_deal_hides" (
    "partner_id" UUID NOT NULL,
    "deal_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partner_deal_hides_pkey" PRIMARY KEY ("partner_id","deal_id")
);

-- CreateIndex
CREATE INDEX "redemptions_partner_id_environment_redeemed_at_id_idx" ON "redemptions"("partner_id", "environment", "redeemed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "redemptions_partner_id_environment_confirmed_at_idx" ON "redemptions"("partner_id", "environment", "confirmed_at");

-- CreateIndex
CREATE UNIQUE INDEX "redemptions_member_id_deal_id_key" ON "redemptions"("member_id", "deal_id");

-- CreateIndex
CREATE INDEX "redemption_clicks_partner_id_environment_created_at_idx" ON "redemption_clicks"("partner_id", "environment", "created_at");

-- CreateIndex
CREATE INDEX "partner_deal_hides_deal_id_idx" ON "partner_deal_hides"("deal_id");

-- AddForeignKey
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_deal_hides" ADD CONSTRAINT "partner_deal_hides_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_deal_hides" ADD CONSTRAINT "partner_deal_hides_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A partner hiding or showing a shared deal changes what its members see: bump the partner's
-- catalogue counter (everything under its key) in the same transaction, like the deal triggers.
-- (Same \073 convention as add_catalog_versions: the migration runner splits on every semicolon.)
CREATE FUNCTION perkway_catalog_hides_inserted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ks) FROM (SELECT array_agg(DISTINCT partner_id::text ORDER BY partner_id::text) AS ks FROM new_rows) AS s WHERE ks IS NOT NULL\073
  RETURN NULL\073
END';
CREATE FUNCTION perkway_catalog_hides_deleted() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM perkway_catalog_bump(ks) FROM (SELECT array_agg(DISTINCT partner_id::text ORDER BY partner_id::text) AS ks FROM old_rows) AS s WHERE ks IS NOT NULL\073
  RETURN NULL\073
END';
CREATE TRIGGER partner_deal_hides_inserted AFTER INSERT ON partner_deal_hides
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_hides_inserted();
CREATE TRIGGER partner_deal_hides_deleted AFTER DELETE ON partner_deal_hides
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION perkway_catalog_hides_deleted();
