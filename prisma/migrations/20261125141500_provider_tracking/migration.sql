-- CreateIndex
CREATE INDEX "redemption_clicks_member_id_deal_id_idx" ON "redemption_clicks"("member_id", "deal_id");
