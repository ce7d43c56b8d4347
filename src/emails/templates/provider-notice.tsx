import { ActionButton, EmailLayout, Paragraph } from "./email-layout";
import { PERKWAY_BRAND } from "../brand";

// The emails a provider's users get (contract section 18): the super admin's decision on a deal
// change request (with the note), and a code pool running low.
export type ProviderNoticeData =
  | { kind: "change_decision"; email: string; providerName: string; dealName: string; decision: "approved" | "rejected"; note: string | null; url: string }
  | { kind: "codes_low"; email: string; providerName: string; dealName: string; available: number; threshold: number; url: string };

export function providerNoticeEmail(d: ProviderNoticeData) {
  const footer = `You got this email because ${d.email} is a user of ${d.providerName} on Perkway.`;
  if (d.kind === "codes_low") {
    return {
      subject: `${d.dealName}: ${d.available} code${d.available === 1 ? "" : "s"} left`,
      element: (
        <EmailLayout brand={PERKWAY_BRAND} preview={`Only ${d.available} codes are left for ${d.dealName}.`} heading={`Codes are running low for ${d.dealName}`} footer={footer}>
          <Paragraph>{`${d.available} unclaimed code${d.available === 1 ? " is" : "s are"} left (the alert starts at ${d.threshold}). Members cannot claim the deal once the pool is empty.`}</Paragraph>
          <ActionButton href={d.url} label="Upload codes" color={PERKWAY_BRAND.color} />
        </EmailLayout>
      ),
    };
  }
  const approved = d.decision === "approved";
  return {
    subject: approved ? `Approved: your changes to ${d.dealName}` : `Not approved: your changes to ${d.dealName}`,
    element: (
      <EmailLayout
        brand={PERKWAY_BRAND}
        preview={approved ? `Your changes to ${d.dealName} are live.` : `Your changes to ${d.dealName} were not approved.`}
        heading={approved ? `Your changes to ${d.dealName} are live` : `Your changes to ${d.dealName} were not approved`}
        footer={footer}
      >
        <Paragraph>{approved ? "The Perkway team approved your change request; members see the new version now." : "The Perkway team did not approve your change request; the deal stays as it was."}</Paragraph>
        {d.note ? <Paragraph>{`Their note: “${d.note}”`}</Paragraph> : null}
        <ActionButton href={d.url} label="Open your deals" color={PERKWAY_BRAND.color} />
      </EmailLayout>
    ),
  };
}
