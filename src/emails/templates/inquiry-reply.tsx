import { EmailLayout, Paragraph, type EmailBrand } from "./email-layout";
import type { SupportedLocale } from "@/lib/locales";
import { translatorFor } from "@/lib/messages";

// A partner admin's answer to a member's inquiry, written in the portal inbox. The admin's reply is
// sent as written; the email's own words and the deal's name are in the member's language.
export type InquiryReplyData = { brand: EmailBrand; email: string; dealName: string; question: string; reply: string; locale?: SupportedLocale };

export function inquiryReplyEmail(d: InquiryReplyData) {
  const { t, lang, dir } = translatorFor(d.locale, "email.inquiryReply");
  const deal = d.dealName;
  const question = d.question.length > 600 ? `${d.question.slice(0, 599)}…` : d.question;
  return {
    subject: t("subject", { deal }),
    element: (
      <EmailLayout
        brand={d.brand}
        lang={lang}
        dir={dir}
        preview={d.reply.slice(0, 120)}
        heading={t("heading", { deal })}
        footer={t("footer", { email: d.email, partner: d.brand.name, deal })}
      >
        {d.reply.split(/\n{2,}/).map((p, i) => (
          <Paragraph key={i}>{p}</Paragraph>
        ))}
        <Paragraph>{t("question", { question })}</Paragraph>
      </EmailLayout>
    ),
  };
}
