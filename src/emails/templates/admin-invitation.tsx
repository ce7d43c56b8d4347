import { ActionButton, EmailLayout, Paragraph, PERKWAY_BRAND } from "./email-layout";

/** `provider`: a provider user's invitation (the provider area), with `partnerName` the provider's name. */
export type AdminInvitationData = { partnerName: string; inviterEmail: string | null; email: string; url: string; expiresInDays: number; provider?: boolean };

export function adminInvitationEmail(d: AdminInvitationData) {
  const who = d.inviterEmail ? `${d.inviterEmail} invited you` : "You are invited";
  if (d.provider) return providerInvitationEmail(d, who);
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

function providerInvitationEmail(d: AdminInvitationData, who: string) {
  return {
    subject: `You're invited to the Perkway provider area of ${d.partnerName}`,
    element: (
      <EmailLayout
        brand={PERKWAY_BRAND}
        preview={`${who} to manage ${d.partnerName}'s deals on Perkway. Choose a password to get started.`}
        heading={`Manage ${d.partnerName}'s deals on Perkway`}
        footer={`This invitation was sent to ${d.email}. If you did not expect it, ignore this email: no account is usable until a password is chosen.`}
      >
        <Paragraph>
          {who} to the provider area of {d.partnerName}: propose changes to your deals, upload codes, test your conversion postbacks and see your results
          (never members&apos; personal data).
        </Paragraph>
        <ActionButton href={d.url} label="Choose your password" color={PERKWAY_BRAND.color} />
        <Paragraph>The link works once and is valid for {d.expiresInDays} days. Once your password is set, sign in with {d.email}.</Paragraph>
      </EmailLayout>
    ),
  };
}
