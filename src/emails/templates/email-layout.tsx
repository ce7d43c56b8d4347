// The frame every email shares: the sender's name (and logo) on top in its colour, one clear action,
// and a footer that says why the person got the email. Inline styles only: mail clients drop <style>.
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

import { PERKWAY_BRAND, type EmailBrand } from "../brand";
import type { SupportedLocale } from "@/lib/locales";
import { translatorFor } from "@/lib/messages";

export { PERKWAY_BRAND, type EmailBrand };

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export function EmailLayout(props: { brand: EmailBrand; preview: string; heading: string; children: ReactNode; footer: ReactNode; lang?: string; dir?: "ltr" | "rtl" }) {
  const { brand } = props;
  return (
    <Html lang={props.lang ?? "en"} dir={props.dir ?? "ltr"}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: "#f4f4f5", fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", backgroundColor: "#ffffff", borderRadius: 8, overflow: "hidden", border: "1px solid #e4e4e7" }}>
          <Section style={{ backgroundColor: brand.color, padding: "20px 32px" }}>
            {brand.logoUrl ? (
              <Img src={brand.logoUrl} alt={brand.name} height={32} style={{ height: 32, maxWidth: 200, display: "block" }} />
            ) : (
              <Text style={{ color: "#ffffff", fontSize: 18, fontWeight: 700, margin: 0 }}>{brand.name}</Text>
            )}
          </Section>
          <Section style={{ padding: "28px 32px 8px" }}>
            <Heading as="h1" style={{ fontSize: 22, lineHeight: "28px", color: "#18181b", margin: "0 0 16px" }}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={{ borderColor: "#e4e4e7", margin: "16px 32px" }} />
          <Section style={{ padding: "0 32px 24px" }}>
            <Text style={{ fontSize: 12, lineHeight: "18px", color: "#71717a", margin: 0 }}>{props.footer}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: "24px", color: "#3f3f46", margin: "0 0 16px" }}>{children}</Text>;
}

/**
 * The one action of the email, with the raw link under it for clients that hide buttons. lang: the
 * email's language (member emails pass theirs, contract §16); absent, English (the emails to admins and
 * providers, English like the portal).
 */
export function ActionButton({ href, label, color, lang }: { href: string; label: string; color: string; lang?: SupportedLocale }) {
  const { t } = translatorFor(lang, "email.layout");
  return (
    <Section style={{ margin: "8px 0 20px" }}>
      <Button href={href} style={{ backgroundColor: color, color: "#ffffff", borderRadius: 6, padding: "12px 20px", fontSize: 15, fontWeight: 600, textDecoration: "none" }}>
        {label}
      </Button>
      <Text style={{ fontSize: 12, lineHeight: "18px", color: "#71717a", margin: "12px 0 0", wordBreak: "break-all" }}>
        {t("pasteLink")}{" "}
        <Link href={href} style={{ color: "#52525b" }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}
