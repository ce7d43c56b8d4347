import { ActionButton, EmailLayout, Paragraph, type EmailBrand } from "./email-layout";
import type { SupportedLocale } from "@/lib/locales";
import { translatorFor } from "@/lib/messages";

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
  /** the member's language (emailLocale); English when absent */
  locale?: SupportedLocale;
};

export function accessDecisionEmail(d: AccessDecisionData) {
  const { t, lang, dir } = translatorFor(d.locale, "email.accessDecision");
  const partner = d.brand.name;
  const what = d.dealName ? d.dealName : t("partnerPerks", { partner });
  const approved = d.decision === "approved";
  return {
    subject: approved ? t("approvedSubject", { what }) : t("declinedSubject", { what }),
    element: (
      <EmailLayout
        brand={d.brand}
        lang={lang}
        dir={dir}
        preview={approved ? t("approvedPreview", { partner, what }) : t("declinedPreview", { partner, what })}
        heading={approved ? t("approvedHeading", { what }) : t("declinedHeading", { what })}
        footer={t("footer", { email: d.email, partner, what })}
      >
        {approved ? <Paragraph>{d.dealName ? t("approvedDeal", { partner }) : t("approvedMembership", { partner })}</Paragraph> : <Paragraph>{t("declined", { partner, what })}</Paragraph>}
        {d.note ? <Paragraph>{approved ? t("note", { note: d.note }) : t("theirNote", { note: d.note })}</Paragraph> : null}
        {d.url ? <ActionButton lang={lang} href={d.url} label={approved ? (d.dealName ? t("openDeal", { deal: d.dealName }) : t("signIn", { partner })) : t("otherDeals")} color={d.brand.color} /> : null}
        {!approved ? <Paragraph>{t("askAgain")}</Paragraph> : null}
      </EmailLayout>
    ),
  };
}
