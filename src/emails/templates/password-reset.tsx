import { ActionButton, EmailLayout, Paragraph, PERKWAY_BRAND } from "./email-layout";

export type PasswordResetData = { email: string; url: string; expiresInMinutes: number };

export function passwordResetEmail(d: PasswordResetData) {
  return {
    subject: "Reset your Perkway password",
    element: (
      <EmailLayout
        brand={PERKWAY_BRAND}
        preview="Someone asked to reset the password of your Perkway account."
        heading="Reset your password"
        footer={`You got this email because a password reset was requested for ${d.email} on the Perkway sign-in page. If that was not you, ignore it: your password stays as it is.`}
      >
        <Paragraph>We got a request to reset the password of your Perkway account. Choose a new one here:</Paragraph>
        <ActionButton href={d.url} label="Choose a new password" color={PERKWAY_BRAND.color} />
        <Paragraph>The link works once and expires in {d.expiresInMinutes} minutes. Choosing a new password signs you out everywhere else.</Paragraph>
      </EmailLayout>
    ),
  };
}
