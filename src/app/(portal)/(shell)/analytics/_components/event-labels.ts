// Event types as the analytics page names them, with a chart colour each (theme tokens first).
import type { EventType } from "@/server/domain/enums";

export const EVENT_LABELS: Record<EventType, string> = {
  deal_list_viewed: "List viewed",
  deal_detail_viewed: "Deal viewed",
  instructions_viewed: "Instructions viewed",
  redeem_url_clicked: "Redeem link clicked",
  promo_code_copied: "Promo code copied",
  unique_code_claimed: "Code claimed",
  deal_redeemed: "Marked redeemed",
  upgrade_cta_clicked: "Upgrade clicked",
  deal_inquiry_submitted: "Inquiry sent",
};

export const EVENT_COLORS: Record<EventType, string> = {
  deal_list_viewed: "var(--chart-1)",
  deal_detail_viewed: "var(--chart-2)",
  instructions_viewed: "var(--chart-3)",
  redeem_url_clicked: "#0e7490",
  promo_code_copied: "#7c3aed",
  unique_code_claimed: "#a16207",
  deal_redeemed: "var(--chart-4)",
  upgrade_cta_clicked: "var(--chart-5)",
  deal_inquiry_submitted: "#475569",
};
