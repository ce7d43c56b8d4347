import { ActionButton, EmailLayout, Paragraph, type EmailBrand } from "./email-layout";

// The member's email when a partner decides their access request (docs/hosted-app.md): approved → a link to
// the deal (its instructions are there); declined → the partner's note. Membership requests: the
// approval carries a sign-in link instead.
export type AccessDecisionData = {
  brand: EmailBrand;
  email: string;
  decision: "approved" | "declined";
  /** null for a membership request */
  dealName: string | null;
  /** approved: the deal's page in the hosted app (or the sign-in link of a new member) */
  url: string | null;
  note: string | null;
};

export function accessDecisionEmail(d: AccessDecisionData) {
  const what = d.dealName ? d.dealName : `${d.brand.name} perks`;
  const approved = d.decision === "approved";
  return {
    subject: approved ? `Approved: your access to ${what}` : `Your request for ${what} was declined`,
    element: (
      <EmailLayout
        brand={d.brand}
        preview={approved ? `${d.brand.name} approved your request for ${what}.` : `${d.brand.name} declined your request for ${what}.`}
        heading={approved ? `You have access to ${what}` : `Your request for ${what}`}
        footer={`You got this email because ${d.email} asked ${d.brand.name} for access to ${what}.`}
      >
        {approved ? (
          <Paragraph>{d.dealName ? `Good news: ${d.brand.name} approved your request. Open the deal to see how to redeem it.` : `Good news: ${d.brand.name} approved your request. Sign in to see your perks.`}</Paragraph>
        ) : (
          <Paragraph>{`${d.brand.name} declined your request for ${what}.`}</Paragraph>
        )}
        {d.note ? <Paragraph>{`${approved ? "Note" : "Their note"}: “${d.note}”`}</Paragraph> : null}
        {d.url ? <ActionButton href={d.url} label={approved ? (d.dealName ? `Open ${d.dealName}` : `Sign in to ${d.brand.name}`) : `See other deals`} color={d.brand.color} /> : null}
        {!approved ? <Paragraph>You can ask again later, or look at the other deals in your perks.</Paragraph> : null}
      </EmailLayout>
    ),
  };
}
