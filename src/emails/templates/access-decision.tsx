import { ActionButton, EmailLayout, Paragraph, type EmailBrand } from "./email-layout";
import type { SupportedLocale } from "@/lib/locales";
import { translatorFor } from "@/lib/messages";
import { isolate } from "@/lib/bidi";

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
  // In a right-to-left email the partner's own words (its name, the deal's, its note: English, most
  // often) are isolated, so their punctuation stays in place inside the sentence around them.
  const own = (text: string) => (dir === "rtl" ? isolate(text) : text);
  const partner = own(d.brand.name);
  const what = d.dealName ? own(d.dealName) : t("partnerPerks", { partner });
  const note = d.note ? own(d.note) : null;
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
        {note ? <Paragraph>{approved ? t("note", { note }) : t("theirNote", { note })}</Paragraph> : null}
        {d.url ? <ActionButton lang={lang} href={d.url} label={approved ? (d.dealName ? t("openDeal", { deal: what }) : t("signIn", { partner })) : t("otherDeals")} color={d.brand.color} /> : null}
        {!approved ? <Paragraph>{t("askAgain")}</Paragraph> : null}
      </EmailLayout>
    ),
  };
}
