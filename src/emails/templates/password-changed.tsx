import { ActionButton, EmailLayout, Paragraph, PERKWAY_BRAND } from "./email-layout";

export type PasswordChangedData = { email: string; at: Date; how: "changed" | "reset"; resetUrl: string };

export function passwordChangedEmail(d: PasswordChangedData) {
  const when = d.at.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  return {
    subject: "Your Perkway password was changed",
    element: (
      <EmailLayout
        brand={PERKWAY_BRAND}
        preview={`The password of ${d.email} was ${d.how} on ${when}.`}
        heading="Your password was changed"
        footer={`A notice sent to ${d.email} after every password change, for your security.`}
      >
        <Paragraph>
          The password of your Perkway account {d.email} was {d.how === "reset" ? "reset with an emailed link" : "changed"} on {when}. Every other
          session was signed out.
        </Paragraph>
        <Paragraph>If this was you, there is nothing to do. If it was not, reset your password now and tell your team.</Paragraph>
        <ActionButton href={d.resetUrl} label="Reset my password" color={PERKWAY_BRAND.color} />
      </EmailLayout>
    ),
  };
}
