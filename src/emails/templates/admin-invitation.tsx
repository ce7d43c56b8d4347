import { ActionButton, EmailLayout, Paragraph, PERKWAY_BRAND } from "./email-layout";

export type AdminInvitationData = { partnerName: string; inviterEmail: string | null; email: string; url: string; expiresInDays: number };

export function adminInvitationEmail(d: AdminInvitationData) {
  const who = d.inviterEmail ? `${d.inviterEmail} invited you` : "You are invited";
  return {
    subject: `You're invited to manage ${d.partnerName} on Perkway`,
    element: (
      <EmailLayout
        brand={PERKWAY_BRAND}
        preview={`${who} to the ${d.partnerName} portal. Choose a password to get started.`}
        heading={`Join ${d.partnerName} on Perkway`}
        footer={`This invitation was sent to ${d.email}. If you did not expect it, ignore this email: no account is usable until a password is chosen.`}
      >
        <Paragraph>
          {who} to help run {d.partnerName}&apos;s perks: deals, members and settings in the Perkway portal.
        </Paragraph>
        <ActionButton href={d.url} label="Choose your password" color={PERKWAY_BRAND.color} />
        <Paragraph>The link works once and is valid for {d.expiresInDays} days. Once your password is set, sign in with {d.email}.</Paragraph>
      </EmailLayout>
    ),
  };
}
