-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "custom_domain_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "custom_domain_pending" TEXT,
ADD COLUMN     "custom_domain_problem" TEXT,
ADD COLUMN     "custom_domain_token" TEXT;
