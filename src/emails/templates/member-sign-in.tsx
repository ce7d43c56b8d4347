import { ActionButton, EmailLayout, Paragraph, type EmailBrand } from "./email-layout";
import type { SupportedLocale } from "@/lib/locales";
import { translatorFor } from "@/lib/messages";

/** locale: the member's language (emailLocale); English when absent. */
export type MemberSignInData = { brand: EmailBrand; email: string; url: string; expiresInMinutes: number; locale?: SupportedLocale };

export function memberSignInEmail(d: MemberSignInData) {
  const { t, lang, dir } = translatorFor(d.locale, "email.signIn");
  const partner = d.brand.name;
  const minutes = d.expiresInMinutes;
  return {
    subject: t("subject", { partner }),
    element: (
      <EmailLayout brand={d.brand} lang={lang} dir={dir} preview={t("preview", { partner, minutes })} heading={t("heading", { partner })} footer={t("footer", { partner, email: d.email })}>
        <Paragraph>{t("hello")}</Paragraph>
        <ActionButton lang={lang} href={d.url} label={t("button", { partner })} color={d.brand.color} />
        <Paragraph>{t("expiry", { minutes })}</Paragraph>
      </EmailLayout>
    ),
  };
}
