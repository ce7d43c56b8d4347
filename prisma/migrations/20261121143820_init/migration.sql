-- CreateEnum
CREATE TYPE "Environment" AS ENUM ('live', 'test');

-- CreateEnum
CREATE TYPE "PartnerType" AS ENUM ('VC fund', 'Accelerator', 'Incubator', 'Startup program', 'Coworking space', 'University', 'Student society', 'Startup community', 'B2B platform', 'Agency or consultancy', 'Influencer', 'Event/Conference', 'Media/Newsletter/Publisher', 'Government', 'Bank', 'Other');

-- CreateEnum
CREATE TYPE "AudienceRegion" AS ENUM ('North America', 'South America', 'Europe', 'Middle East', 'Asia', 'Africa', 'Oceania');

-- CreateEnum
CREATE TYPE "UserType" AS ENUM ('Idea stage', 'Early-stage startup', 'Growth-stage startup', 'Scale-up', 'SME');

-- CreateEnum
CREATE TYPE "DeliveryMethod" AS ENUM ('hosted', 'iframe', 'api');

-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('super_admin', 'partner_admin', 'user');

-- CreateEnum
CREATE TYPE "AdminRole" AS ENUM ('super_admin', 'partner_admin');

-- CreateEnum
CREATE TYPE "UserTier" AS ENUM ('free', 'premium');

-- CreateEnum
CREATE TYPE "DealTier" AS ENUM ('free', 'premium');

-- CreateEnum
CREATE TYPE "DealTag" AS ENUM ('new', 'featured', 'exclusive', 'popular', 'premium', 'free', 'limited_time', 'best_for_startups', 'ending_soon');

-- CreateEnum
CREATE TYPE "DealStatus" AS ENUM ('draft', 'live', 'expired', 'paused', 'coming_soon');

-- CreateEnum
CREATE TYPE "DealType" AS ENUM ('servicepass', 'partner_private');

-- CreateEnum
CREATE TYPE "RedemptionMethod" AS ENUM ('url', 'promo_code', 'steps', 'form', 'unique_code', 'inquiry');

-- CreateEnum
CREATE TYPE "RuleType" AS ENUM ('include_partner', 'exclude_partner', 'include_partner_type', 'exclude_partner_type', 'include_region', 'exclude_region', 'include_user_type', 'exclude_user_type');

-- CreateEnum
CREATE TYPE "EventType" AS ENUM ('deal_list_viewed', 'deal_detail_viewed', 'instructions_viewed', 'redeem_url_clicked', 'promo_code_copied', 'unique_code_claimed', 'deal_redeemed', 'upgrade_cta_clicked', 'deal_inquiry_submitted');

-- CreateEnum
CREATE TYPE "MagicLinkPurpose" AS ENUM ('sign_in');

-- CreateTable
CREATE TABLE "partners" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" "PartnerType" NOT NULL,
    "regions" "AudienceRegion"[],
    "subdomain" TEXT NOT NULL,
    "delivery_method" "DeliveryMethod" NOT NULL DEFAULT 'hosted',
    "branding" JSONB NOT NULL DEFAULT '{}',
    "freemium_enabled" BOOLEAN NOT NULL DEFAULT false,
    "allowed_iframe_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "partners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key_pairs" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rotated_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_key_pairs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admins" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT NOT NULL,
    "role" "AdminRole" NOT NULL,
    "partner_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_login_at" TIMESTAMPTZ(3),

    CONSTRAINT "admins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "members" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "email" TEXT NOT NULL,
    "external_user_id" TEXT,
    "idp_uid" TEXT,
    "role" "UserRole" NOT NULL DEFAULT 'user',
    "tier" "UserTier" NOT NULL DEFAULT 'free',
    "user_types" "UserType"[] DEFAULT ARRAY[]::"UserType"[],
    "regions" "AudienceRegion"[] DEFAULT ARRAY[]::"AudienceRegion"[],
    "eligibility_customer_type" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_company_stage" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_company_size" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_business_type" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_geography" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_incorporation" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_funding" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "categories" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deals" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "product_name" TEXT NOT NULL,
    "logo_url" TEXT NOT NULL DEFAULT '',
    "product_url" TEXT NOT NULL DEFAULT '',
    "short_description" TEXT NOT NULL,
    "long_description" TEXT NOT NULL DEFAULT '',
    "perk_description" TEXT,
    "market_value" TEXT NOT NULL DEFAULT '',
    "est_value" DOUBLE PRECISION,
    "deal_type" "DealType" NOT NULL,
    "owner_partner_id" UUID,
    "environment" "Environment",
    "tier" "DealTier" NOT NULL DEFAULT 'free',
    "tags" "DealTag"[] DEFAULT ARRAY[]::"DealTag"[],
    "badges" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "redemption_method" "RedemptionMethod",
    "redemption_instructions" TEXT NOT NULL DEFAULT '',
    "redemption_promo_code" TEXT NOT NULL DEFAULT '',
    "redemption_redeem_url" TEXT NOT NULL DEFAULT '',
    "redemption_contact_email" TEXT NOT NULL DEFAULT '',
    "eligibility_requirements" TEXT,
    "eligibility_customer_type" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_company_stage" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_company_size" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_business_type" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_geography" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_incorporation" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "eligibility_funding" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "offer_types" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "approval_required" BOOLEAN NOT NULL DEFAULT false,
    "approval_time" TEXT,
    "status" "DealStatus" NOT NULL DEFAULT 'draft',
    "start_date" DATE,
    "end_date" DATE,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "hidden_globally" BOOLEAN NOT NULL DEFAULT false,
    "api_excluded" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_categories" (
    "deal_id" UUID NOT NULL,
    "category_id" UUID NOT NULL,

    CONSTRAINT "deal_categories_pkey" PRIMARY KEY ("deal_id","category_id")
);

-- CreateTable
CREATE TABLE "visibility_rules" (
    "id" UUID NOT NULL,
    "deal_id" UUID NOT NULL,
    "partner_id" UUID,
    "environment" "Environment",
    "rule_type" "RuleType" NOT NULL,
    "rule_value" TEXT[],
    "priority" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "visibility_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "unique_codes" (
    "id" UUID NOT NULL,
    "deal_id" UUID NOT NULL,
    "environment" "Environment",
    "code" TEXT NOT NULL,
    "member_id" UUID,
    "claimed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "unique_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "magic_link_tokens" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "member_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "purpose" "MagicLinkPurpose" NOT NULL DEFAULT 'sign_in',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "magic_link_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "event_type" "EventType" NOT NULL,
    "member_id" UUID,
    "deal_id" UUID,
    "deal_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "client_event_id" TEXT,
    "metadata" JSONB,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "key" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "partners_subdomain_key" ON "partners"("subdomain");

-- CreateIndex
CREATE UNIQUE INDEX "api_key_pairs_public_key_key" ON "api_key_pairs"("public_key");

-- CreateIndex
CREATE INDEX "api_key_pairs_partner_id_environment_revoked_at_idx" ON "api_key_pairs"("partner_id", "environment", "revoked_at");

-- CreateIndex
CREATE UNIQUE INDEX "admins_email_key" ON "admins"("email");

-- CreateIndex
CREATE INDEX "admins_partner_id_idx" ON "admins"("partner_id");

-- CreateIndex
CREATE INDEX "members_partner_id_environment_created_at_id_idx" ON "members"("partner_id", "environment", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "members_partner_id_environment_email_key" ON "members"("partner_id", "environment", "email");

-- CreateIndex
CREATE UNIQUE INDEX "members_partner_id_environment_external_user_id_key" ON "members"("partner_id", "environment", "external_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "categories_slug_key" ON "categories"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "deals_slug_key" ON "deals"("slug");

-- CreateIndex
CREATE INDEX "deals_deal_type_status_idx" ON "deals"("deal_type", "status");

-- CreateIndex
CREATE INDEX "deals_owner_partner_id_environment_status_idx" ON "deals"("owner_partner_id", "environment", "status");

-- CreateIndex
CREATE INDEX "deals_updated_at_idx" ON "deals"("updated_at");

-- CreateIndex
CREATE INDEX "deal_categories_category_id_idx" ON "deal_categories"("category_id");

-- CreateIndex
CREATE INDEX "visibility_rules_deal_id_idx" ON "visibility_rules"("deal_id");

-- CreateIndex
CREATE INDEX "unique_codes_deal_id_member_id_idx" ON "unique_codes"("deal_id", "member_id");

-- CreateIndex
CREATE UNIQUE INDEX "unique_codes_deal_id_code_key" ON "unique_codes"("deal_id", "code");

-- CreateIndex
CREATE UNIQUE INDEX "unique_codes_deal_id_member_id_key" ON "unique_codes"("deal_id", "member_id");

-- CreateIndex
CREATE UNIQUE INDEX "magic_link_tokens_token_hash_key" ON "magic_link_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "magic_link_tokens_member_id_created_at_idx" ON "magic_link_tokens"("member_id", "created_at");

-- CreateIndex
CREATE INDEX "events_partner_id_environment_occurred_at_idx" ON "events"("partner_id", "environment", "occurred_at");

-- CreateIndex
CREATE INDEX "events_occurred_at_idx" ON "events"("occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "events_partner_id_environment_client_event_id_key" ON "events"("partner_id", "environment", "client_event_id");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_partner_id_environment_key_key" ON "idempotency_records"("partner_id", "environment", "key");

-- AddForeignKey
ALTER TABLE "api_key_pairs" ADD CONSTRAINT "api_key_pairs_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admins" ADD CONSTRAINT "admins_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "members" ADD CONSTRAINT "members_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deals" ADD CONSTRAINT "deals_owner_partner_id_fkey" FOREIGN KEY ("owner_partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_categories" ADD CONSTRAINT "deal_categories_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_categories" ADD CONSTRAINT "deal_categories_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visibility_rules" ADD CONSTRAINT "visibility_rules_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unique_codes" ADD CONSTRAINT "unique_codes_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unique_codes" ADD CONSTRAINT "unique_codes_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "magic_link_tokens" ADD CONSTRAINT "magic_link_tokens_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "magic_link_tokens" ADD CONSTRAINT "magic_link_tokens_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;
