import { Link, Section, Text } from "@react-email/components";
import { EmailLayout, Paragraph, PERKWAY_BRAND } from "./email-layout";
import type { NotificationItem } from "./admin-notification";

export type AdminDigestData = { partnerName: string; groups: { label: string; items: NotificationItem[] }[]; preferencesUrl: string };

export function adminDigestEmail(d: AdminDigestData) {
  const total = d.groups.reduce((n, g) => n + g.items.length, 0);
  return {
    subject: `Your daily Perkway digest: ${total} update${total === 1 ? "" : "s"} · ${d.partnerName}`,
    element: (
      <EmailLayout
        brand={PERKWAY_BRAND}
        preview={d.groups.map((g) => `${g.items.length} ${g.label.toLowerCase()}`).join(", ")}
        heading={`What happened at ${d.partnerName}`}
        footer={
          <>
            You chose a daily digest for these notifications. Change that in your{" "}
            <a href={d.preferencesUrl} style={{ color: "#52525b" }}>
              notification settings
            </a>
            .
          </>
        }
      >
        <Paragraph>
          {total} update{total === 1 ? "" : "s"} since your last digest.
        </Paragraph>
        {d.groups.map((g) => (
          <Section key={g.label} style={{ margin: "0 0 16px" }}>
            <Text style={{ fontSize: 13, fontWeight: 700, textTransform: "uppercase", letterSpacing: "0.04em", color: "#52525b", margin: "0 0 8px" }}>
              {g.label} ({g.items.length})
            </Text>
            {g.items.map((item, i) => (
              <Text key={i} style={{ fontSize: 14, lineHeight: "21px", color: "#3f3f46", margin: "0 0 10px" }}>
                <Link href={item.url} style={{ color: "#4f46e5", fontWeight: 600 }}>
                  {item.title}
                </Link>
                {item.detail[0] ? ` — ${item.detail[0]}` : ""}
              </Text>
            ))}
          </Section>
        ))}
      </EmailLayout>
    ),
  };
}
