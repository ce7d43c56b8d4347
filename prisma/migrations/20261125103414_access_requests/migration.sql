-- CreateEnum
CREATE TYPE "MemberAccess" AS ENUM ('invite_only', 'email_domain', 'request');

-- CreateEnum
CREATE TYPE "AccessRequestType" AS ENUM ('deal', 'membership');

-- CreateEnum
CREATE TYPE "AccessRequestStatus" AS ENUM ('pending', 'approved', 'declined', 'withdrawn');

-- CreateEnum
CREATE TYPE "InquiryStatus" AS ENUM ('new', 'replied', 'closed');

-- AlterTable
ALTER TABLE "inquiries" ADD COLUMN     "replied_at" TIMESTAMPTZ(3),
ADD COLUMN     "reply_text" TEXT,
ADD COLUMN     "status" "InquiryStatus" NOT NULL DEFAULT 'new',
ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "magic_link_tokens" ADD COLUMN     "email" TEXT,
ALTER COLUMN "member_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "allowed_email_domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "member_access" "MemberAccess" NOT NULL DEFAULT 'invite_only';

-- CreateTable
CREATE TABLE "access_requests" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "type" "AccessRequestType" NOT NULL,
    "deal_id" UUID,
    "member_id" UUID,
    "email" TEXT NOT NULL,
    "status" "AccessRequestStatus" NOT NULL DEFAULT 'pending',
    "message" TEXT,
    "decision_note" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "access_requests_partner_id_environment_created_at_id_idx" ON "access_requests"("partner_id", "environment", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "access_requests_partner_id_environment_status_created_at_id_idx" ON "access_requests"("partner_id", "environment", "status", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "access_requests_member_id_deal_id_idx" ON "access_requests"("member_id", "deal_id");

-- CreateIndex
CREATE INDEX "access_requests_deal_id_idx" ON "access_requests"("deal_id");

-- CreateIndex
CREATE INDEX "inquiries_partner_id_environment_status_created_at_idx" ON "inquiries"("partner_id", "environment", "status", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- One pending or approved request per member and deal, one pending membership request per address
-- (partial unique indexes: Prisma's schema cannot declare them, so concurrent requests are settled here).
CREATE UNIQUE INDEX "access_requests_one_open_per_member_deal" ON "access_requests" ("member_id", "deal_id")
  WHERE "type" = 'deal' AND "status" IN ('pending', 'approved');
CREATE UNIQUE INDEX "access_requests_one_pending_membership" ON "access_requests" ("partner_id", "environment", "email")
  WHERE "type" = 'membership' AND "status" = 'pending';
