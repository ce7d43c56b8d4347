// The hosted app's inquiry / request-access form: stored for the partner (portal /inquiries) and
// recorded as deal_inquiry_submitted.
import type { InquiryInput } from "@/server/schemas/inquiry.schema";
import { createInquiry } from "./create-inquiry";
import { recordHostedEvents } from "@/server/services/events";
import type { HostedMember } from "@/server/services/members";

export async function submitHostedInquiry(hm: HostedMember, input: InquiryInput): Promise<{ id: string }> {
  const created = await createInquiry(hm.scope, hm.member.id, input);
  await recordHostedEvents(hm, [{ type: "deal_inquiry_submitted", dealId: input.deal_id }]);
  return created;
}
