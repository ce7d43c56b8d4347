// The inbox's words: status names and badge colours, and what an item is about.
import type { InboxItem, InboxStatus } from "@/server/schemas/inbox.schema";

export const STATUS_LABEL: Record<InboxStatus, string> = { new: "New", approved: "Approved", declined: "Declined", withdrawn: "Withdrawn", replied: "Replied", closed: "Closed" };
export const STATUS_VARIANT: Record<InboxStatus, "default" | "secondary" | "success" | "destructive" | "outline"> = {
  new: "default",
  approved: "success",
  declined: "destructive",
  withdrawn: "outline",
  replied: "success",
  closed: "secondary",
};

export function what(item: InboxItem): string {
  if (item.kind === "inquiry") return `Inquiry about ${item.deal_name ?? "a deal"}`;
  return item.request_type === "membership" ? "Membership request" : `Access to ${item.deal_name ?? "a deal"}`;
}

/** A decision waiting for its dialog: one request or the selected ones. */
export type Pending = { decision: "approved" | "declined"; ids: string[]; subject: string } | null;
