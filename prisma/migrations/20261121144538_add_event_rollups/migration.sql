-- CreateEnum
CREATE TYPE "RollupGrain" AS ENUM ('hour', 'day', 'month');

-- CreateTable
CREATE TABLE "event_type_rollups" (
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "grain" "RollupGrain" NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "event_type" "EventType" NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "event_type_rollups_pkey" PRIMARY KEY ("partner_id","environment","grain","bucket_start","event_type")
);

-- CreateTable
CREATE TABLE "deal_event_rollups" (
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "grain" "RollupGrain" NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "deal_id" UUID NOT NULL,
    "views" BIGINT NOT NULL DEFAULT 0,
    "redemptions" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "deal_event_rollups_pkey" PRIMARY KEY ("partner_id","environment","grain","bucket_start","deal_id")
);

-- CreateTable
CREATE TABLE "member_activity" (
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "member_id" UUID NOT NULL,
    "last_event_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "member_activity_pkey" PRIMARY KEY ("partner_id","environment","member_id")
);

-- CreateIndex
CREATE INDEX "member_activity_partner_id_environment_last_event_at_idx" ON "member_activity"("partner_id", "environment", "last_event_at");
