-- AlterTable
ALTER TABLE "admin_password_tokens" ADD COLUMN     "purpose" TEXT NOT NULL DEFAULT 'invite';

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "support_email" TEXT;

-- CreateTable
CREATE TABLE "email_messages" (
    "id" UUID NOT NULL,
    "partner_id" UUID,
    "environment" "Environment",
    "kind" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "from_name" TEXT NOT NULL,
    "reply_to" TEXT,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "links" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_notification_preferences" (
    "admin_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "mode" TEXT NOT NULL,

    CONSTRAINT "admin_notification_preferences_pkey" PRIMARY KEY ("admin_id","kind")
);

-- CreateTable
CREATE TABLE "admin_digest_items" (
    "id" UUID NOT NULL,
    "admin_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "kind" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "digest_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_digest_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_digests" (
    "id" UUID NOT NULL,
    "admin_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_digests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "email_messages_status_next_attempt_at_idx" ON "email_messages"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "email_messages_created_at_id_idx" ON "email_messages"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "admin_digest_items_admin_id_digest_id_idx" ON "admin_digest_items"("admin_id", "digest_id");

-- CreateIndex
CREATE INDEX "admin_digest_items_digest_id_created_at_idx" ON "admin_digest_items"("digest_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "admin_digests_admin_id_day_key" ON "admin_digests"("admin_id", "day");

-- AddForeignKey
ALTER TABLE "admin_notification_preferences" ADD CONSTRAINT "admin_notification_preferences_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "admins"("id") ON DELETE CASCADE ON UPDATE CASCADE;
