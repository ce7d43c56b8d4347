// Ending soon: a deal the member looked at and did not redeem ends within 7 days (contract section 19).
import { EmailLayout, ActionButton, Paragraph, type EmailBrand } from "./email-layout";
import type { SupportedLocale } from "@/lib/locales";
import { translatorFor } from "@/lib/messages";

/** endDate: YYYY-MM-DD, written out in the member's language; locale: memberEmailLocale, English when absent. */
export type DealEndingSoonData = { brand: EmailBrand; email: string; dealName: string; perk: string | null; endDate: string; url: string; unsubscribeUrl: string; locale?: SupportedLocale };

export function dealEndingSoonEmail(d: DealEndingSoonData) {
  const { t, lang, dir } = translatorFor(d.locale, "email.endingSoon");
  const deal = d.dealName;
  // A calendar date (UTC), in the member's words: "December 3, 2026", "3 décembre 2026".
  const end = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${d.endDate}T00:00:00Z`));
  return {
    subject: t("subject", { deal }),
    element: (
      <EmailLayout
        brand={d.brand}
        lang={lang}
        dir={dir}
        preview={t("preview", { deal, end })}
        heading={t("heading", { deal })}
        footer={
          <>
            {t("footer", { partner: d.brand.name, email: d.email })}{" "}
            <a href={d.unsubscribeUrl} style={{ color: "#52525b" }}>
              {t("unsubscribe")}
            </a>
          </>
        }
      >
        <Paragraph>{t("body", { deal, end })}</Paragraph>
        {d.perk ? <Paragraph>{t("perk", { perk: d.perk })}</Paragraph> : null}
        <ActionButton lang={lang} href={d.url} label={t("action")} color={d.brand.color} />
      </EmailLayout>
    ),
  };
}
