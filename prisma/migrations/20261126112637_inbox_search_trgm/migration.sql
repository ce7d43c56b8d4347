-- The inbox substring search (ILIKE over %term%) on addresses and messages: trigram indexes.
-- pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it. The embedded
-- PGlite loads it at start (src/server/db/embedded.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "access_requests_email_idx" ON "access_requests" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "access_requests_message_idx" ON "access_requests" USING GIN ("message" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "deals_product_name_idx" ON "deals" USING GIN ("product_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "inquiries_deal_id_idx" ON "inquiries"("deal_id");

-- CreateIndex
CREATE INDEX "inquiries_member_email_idx" ON "inquiries" USING GIN ("member_email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "inquiries_message_idx" ON "inquiries" USING GIN ("message" gin_trgm_ops);
