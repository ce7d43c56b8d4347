-- Contract section 20 (SCIM 2.0): directory tokens, their request log, and members' active flag,
-- directory userName and names. Existing members stay active.

-- AlterTable
ALTER TABLE "members" ADD COLUMN     "active" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "deactivated_at" TIMESTAMPTZ(3),
ADD COLUMN     "directory_user_name" TEXT,
ADD COLUMN     "display_name" TEXT,
ADD COLUMN     "family_name" TEXT,
ADD COLUMN     "formatted_name" TEXT,
ADD COLUMN     "given_name" TEXT;

-- CreateTable
CREATE TABLE "directory_tokens" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "token_prefix" TEXT NOT NULL,
    "created_by" UUID,
    "created_by_email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "directory_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "directory_requests" (
    "id" UUID NOT NULL,
    "token_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "directory_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "directory_tokens_token_hash_key" ON "directory_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "directory_tokens_partner_id_environment_created_at_idx" ON "directory_tokens"("partner_id", "environment", "created_at" DESC);

-- CreateIndex
CREATE INDEX "directory_requests_token_id_created_at_idx" ON "directory_requests"("token_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "directory_requests_partner_id_environment_created_at_idx" ON "directory_requests"("partner_id", "environment", "created_at" DESC);

-- CreateIndex
CREATE INDEX "members_partner_id_environment_display_name_idx" ON "members"("partner_id", "environment", "display_name");

-- CreateIndex
CREATE INDEX "members_partner_id_environment_updated_at_idx" ON "members"("partner_id", "environment", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "members_partner_id_environment_directory_user_name_key" ON "members"("partner_id", "environment", "directory_user_name");

-- AddForeignKey
ALTER TABLE "directory_tokens" ADD CONSTRAINT "directory_tokens_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "directory_requests" ADD CONSTRAINT "directory_requests_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "directory_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
