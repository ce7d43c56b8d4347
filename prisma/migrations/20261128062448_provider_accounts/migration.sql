-- CreateEnum
CREATE TYPE "ChangeRequestStatus" AS ENUM ('pending', 'approved', 'rejected');

-- AlterEnum
ALTER TYPE "AdminRole" ADD VALUE 'provider';

-- AlterTable
ALTER TABLE "admins" ADD COLUMN     "provider_id" UUID;

-- AlterTable
ALTER TABLE "deals" ADD COLUMN     "attribution_window_days" INTEGER NOT NULL DEFAULT 90,
ADD COLUMN     "provider_id" UUID;

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "share_name_with_providers" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "redemptions" ADD COLUMN     "amount" INTEGER,
ADD COLUMN     "currency" TEXT,
ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "reversal_reason" TEXT,
ADD COLUMN     "reversed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "providers" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "providers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_change_requests" (
    "id" UUID NOT NULL,
    "deal_id" UUID NOT NULL,
    "provider_id" UUID NOT NULL,
    "changes" JSONB NOT NULL,
    "before" JSONB NOT NULL,
    "status" "ChangeRequestStatus" NOT NULL DEFAULT 'pending',
    "note" TEXT,
    "requested_by" UUID,
    "decided_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "deal_change_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider_postbacks" (
    "id" UUID NOT NULL,
    "provider_id" UUID,
    "deal_id" UUID,
    "kind" TEXT NOT NULL,
    "click_id" TEXT,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "status" INTEGER NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_postbacks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "deal_change_requests_provider_id_created_at_idx" ON "deal_change_requests"("provider_id", "created_at");

-- CreateIndex
CREATE INDEX "deal_change_requests_status_created_at_idx" ON "deal_change_requests"("status", "created_at");

-- CreateIndex
CREATE INDEX "provider_postbacks_provider_id_received_at_idx" ON "provider_postbacks"("provider_id", "received_at" DESC);

-- CreateIndex
CREATE INDEX "provider_postbacks_deal_id_received_at_idx" ON "provider_postbacks"("deal_id", "received_at" DESC);

-- CreateIndex
CREATE INDEX "admins_provider_id_idx" ON "admins"("provider_id");

-- CreateIndex
CREATE INDEX "deals_provider_id_idx" ON "deals"("provider_id");

-- CreateIndex
CREATE INDEX "redemptions_deal_id_external_id_idx" ON "redemptions"("deal_id", "external_id");

-- AddForeignKey
ALTER TABLE "admins" ADD CONSTRAINT "admins_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deals" ADD CONSTRAINT "deals_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_change_requests" ADD CONSTRAINT "deal_change_requests_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal_change_requests" ADD CONSTRAINT "deal_change_requests_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider_postbacks" ADD CONSTRAINT "provider_postbacks_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
