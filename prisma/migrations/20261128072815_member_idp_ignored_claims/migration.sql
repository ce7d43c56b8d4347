-- AlterTable
ALTER TABLE "members" ADD COLUMN     "idp_ignored_claims" JSONB;
