-- CreateEnum
CREATE TYPE "TeamRole" AS ENUM ('owner', 'admin', 'developer', 'analyst');

-- AlterTable
ALTER TABLE "admin_sessions" ADD COLUMN     "ip" TEXT,
ADD COLUMN     "last_seen_at" TIMESTAMPTZ(3),
ADD COLUMN     "user_agent" TEXT;

-- AlterTable
ALTER TABLE "admins" ADD COLUMN     "team_role" "TeamRole",
ADD COLUMN     "totp_enabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "totp_last_step" INTEGER,
ADD COLUMN     "totp_secret" TEXT;

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "require_admin_2fa" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "admin_recovery_codes" (
    "id" UUID NOT NULL,
    "admin_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "admin_recovery_codes_admin_id_code_hash_key" ON "admin_recovery_codes"("admin_id", "code_hash");

-- AddForeignKey
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "admins"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing partner admins become owners (contract.md section 17): they could do everything until now.
UPDATE "admins" SET "team_role" = 'owner' WHERE "role" = 'partner_admin' AND "team_role" IS NULL;
