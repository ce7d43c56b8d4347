-- Replays return the first response byte for byte: the body is kept as text (jsonb reorders keys).
-- Records stored before keep their body as jsonb's text form.
ALTER TABLE "idempotency_records" ADD COLUMN "heartbeat_at" TIMESTAMPTZ(3),
ADD COLUMN "response_text" TEXT;

UPDATE "idempotency_records" SET "response_text" = "response_body"::text WHERE "response_body" IS NOT NULL;

ALTER TABLE "idempotency_records" DROP COLUMN "response_body";
