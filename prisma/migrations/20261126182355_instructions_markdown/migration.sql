-- AlterTable
ALTER TABLE "deals" ADD COLUMN     "redemption_instructions_markdown" TEXT;
