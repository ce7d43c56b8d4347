-- CreateTable
CREATE TABLE "replica_heartbeats" (
    "id" SMALLINT NOT NULL,
    "beat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "replica_heartbeats_pkey" PRIMARY KEY ("id")
);

-- The one row the lag watch updates (src/server/db/lag-watch.ts).
INSERT INTO "replica_heartbeats" ("id") VALUES (1);
