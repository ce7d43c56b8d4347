-- CreateEnum
CREATE TYPE "DigestFrequency" AS ENUM ('off', 'weekly', 'monthly');

-- AlterTable
ALTER TABLE "deals" ADD COLUMN     "verified_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "members" ADD COLUMN     "digest_emails" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "digest_frequency" "DigestFrequency" NOT NULL DEFAULT 'weekly';

-- CreateTable
CREATE TABLE "member_digests" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "member_id" UUID NOT NULL,
    "period" TEXT NOT NULL,
    "deal_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "known_deal_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "email_id" UUID,
    "opened_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_digests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ending_soon_reminders" (
    "member_id" UUID NOT NULL,
    "deal_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "email_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ending_soon_reminders_pkey" PRIMARY KEY ("member_id","deal_id")
);

-- CreateTable
CREATE TABLE "digest_clicks" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "member_id" UUID NOT NULL,
    "deal_id" UUID,
    "source" TEXT NOT NULL,
    "digest_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "digest_clicks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "member_digests_member_id_created_at_idx" ON "member_digests"("member_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "member_digests_partner_id_environment_created_at_idx" ON "member_digests"("partner_id", "environment", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "member_digests_member_id_period_key" ON "member_digests"("member_id", "period");

-- CreateIndex
CREATE INDEX "ending_soon_reminders_partner_id_environment_created_at_idx" ON "ending_soon_reminders"("partner_id", "environment", "created_at");

-- CreateIndex
CREATE INDEX "digest_clicks_partner_id_environment_created_at_idx" ON "digest_clicks"("partner_id", "environment", "created_at");

-- AddForeignKey
ALTER TABLE "member_digests" ADD CONSTRAINT "member_digests_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ending_soon_reminders" ADD CONSTRAINT "ending_soon_reminders_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ending_soon_reminders" ADD CONSTRAINT "ending_soon_reminders_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;
