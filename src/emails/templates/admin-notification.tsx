import { ActionButton, EmailLayout, Paragraph, PERKWAY_BRAND } from "./email-layout";

/** One notification as an admin reads it, in an instant email or as a line of a digest. */
export type NotificationItem = { title: string; detail: string[]; url: string; at: string };

export type AdminNotificationData = { partnerName: string; item: NotificationItem; actionLabel: string; preferencesUrl: string; kindLabel: string };

export function adminNotificationEmail(d: AdminNotificationData) {
  return {
    subject: `${d.item.title} · ${d.partnerName}`,
    element: (
      <EmailLayout
        brand={PERKWAY_BRAND}
        preview={d.item.detail[0] ?? d.item.title}
        heading={d.item.title}
        footer={
          <>
            You get an email for each {d.kindLabel} of {d.partnerName}. Switch to a daily digest or turn these off in your{" "}
            <a href={d.preferencesUrl} style={{ color: "#52525b" }}>
              notification settings
            </a>
            .
          </>
        }
      >
        {d.item.detail.map((line, i) => (
          <Paragraph key={i}>{line}</Paragraph>
        ))}
        <ActionButton href={d.item.url} label={d.actionLabel} color={PERKWAY_BRAND.color} />
      </EmailLayout>
    ),
  };
}
