-- AlterTable
ALTER TABLE "provider_postbacks" ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "redemption_id" TEXT;
