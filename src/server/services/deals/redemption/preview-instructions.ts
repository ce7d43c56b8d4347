// The instructions editor's live preview: the same sanitizer and placeholder filling as
// GET /v1/deals/{id}/instructions (redemption-html.ts), with a sample member's values: one of the
// partner's members when the admin picks one, otherwise an example. The editor writes Markdown,
// converted as on save (instructions-markdown.ts).
import type { PartnerScope } from "@/server/scope";
import { findDealMember } from "@/server/services/deals/listing/find-deal-member";
import { markdownToInstructions } from "./instructions-markdown";
import { personalizeRedeemUrl, type PlaceholderValues } from "@/server/schemas/redemption.schema";
import { personalizeInstructions } from "./redemption-html";

export async function previewInstructions(scope: PartnerScope, input: { instructions: string; redeem_url: string; member_id?: string }) {
  const member = input.member_id ? await findDealMember(scope, { user_id: input.member_id }) : null;
  const sample: PlaceholderValues = member
    ? { email: member.email, user_id: member.id, external_user_id: member.externalUserId ?? "", partner_id: scope.partnerId }
    : { email: "ada@example.com", user_id: "00000000-0000-4000-8000-000000000001", external_user_id: "ada-42", partner_id: scope.partnerId };
  // Stored instructions are converted and sanitized on write, then personalized on read: the same steps.
  return {
    html: personalizeInstructions(markdownToInstructions(input.instructions), sample),
    redeem_url: personalizeRedeemUrl(input.redeem_url.trim(), sample),
    sample,
  };
}
