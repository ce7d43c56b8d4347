-- AlterTable
ALTER TABLE "api_key_pairs" ADD COLUMN     "hash_secret_id" TEXT;
