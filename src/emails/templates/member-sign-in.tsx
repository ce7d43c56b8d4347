import { ActionButton, EmailLayout, Paragraph, type EmailBrand } from "./email-layout";

export type MemberSignInData = { brand: EmailBrand; email: string; url: string; expiresInMinutes: number };

export function memberSignInEmail(d: MemberSignInData) {
  return {
    subject: `Your sign-in link for ${d.brand.name}`,
    element: (
      <EmailLayout
        brand={d.brand}
        preview={`Sign in to ${d.brand.name}: the link works once, for ${d.expiresInMinutes} minutes.`}
        heading={`Sign in to ${d.brand.name}`}
        footer={`You got this email because a sign-in link for ${d.brand.name} was requested for ${d.email}. If that was not you, ignore it: nobody can sign in without this link.`}
      >
        <Paragraph>Hello! Your perks are one click away. Use the button below to sign in.</Paragraph>
        <ActionButton href={d.url} label={`Sign in to ${d.brand.name}`} color={d.brand.color} />
        <Paragraph>The link works once and expires in {d.expiresInMinutes} minutes. If it has expired, ask for a new one on the sign-in page.</Paragraph>
      </EmailLayout>
    ),
  };
}
