// "New deals you can claim": the member's digest (contract section 19). Every link is a tracked link
// (opens and clicks are counted from clicks, not from a pixel).
import { Link, Section, Text } from "@react-email/components";
import { ActionButton, EmailLayout, Paragraph, type EmailBrand } from "./email-layout";
import type { SupportedLocale } from "@/lib/locales";
import { translatorFor } from "@/lib/messages";

export type DigestDealItem = { name: string; perk: string | null; url: string };

/** locale: the member's language (memberEmailLocale); English when absent. */
export type MemberDealDigestData = { brand: EmailBrand; email: string; deals: DigestDealItem[]; moreCount: number; allUrl: string; unsubscribeUrl: string; locale?: SupportedLocale };

export function memberDealDigestEmail(d: MemberDealDigestData) {
  const { t, lang, dir } = translatorFor(d.locale, "email.digest");
  const count = d.deals.length + d.moreCount;
  const partner = d.brand.name;
  return {
    subject: t("subject", { count, partner }),
    element: (
      <EmailLayout
        brand={d.brand}
        lang={lang}
        dir={dir}
        preview={t("preview", { count })}
        heading={t("heading")}
        footer={
          <>
            {t("footer", { partner, email: d.email })}{" "}
            <a href={d.unsubscribeUrl} style={{ color: "#52525b" }}>
              {t("unsubscribe")}
            </a>
          </>
        }
      >
        <Paragraph>{t("intro", { count, partner })}</Paragraph>
        <Section style={{ margin: "0 0 16px" }}>
          {d.deals.map((deal, i) => (
            <Text key={i} style={{ fontSize: 15, lineHeight: "22px", color: "#3f3f46", margin: "0 0 10px" }}>
              <Link href={deal.url} style={{ color: d.brand.color, fontWeight: 600 }}>
                {deal.name}
              </Link>
              {deal.perk ? ` — ${deal.perk}` : ""}
            </Text>
          ))}
          {d.moreCount > 0 ? <Text style={{ fontSize: 14, color: "#52525b", margin: 0 }}>{t("more", { count: d.moreCount })}</Text> : null}
        </Section>
        <ActionButton lang={lang} href={d.allUrl} label={t("all")} color={d.brand.color} />
      </EmailLayout>
    ),
  };
}
