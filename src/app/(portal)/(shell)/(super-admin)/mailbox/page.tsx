// /mailbox — super admin: every email Perkway wrote (the outbox), newest first, with its status,
// attempts and last error. Without SMTP_URL this is where emails are read; with it, where a
// failing SMTP server's retries show.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { MailboxClient } from "./_components/mailbox-client";
import { setting } from "@perkway/server/config/env";

export const metadata: Metadata = { title: "Mailbox" };

export default async function MailboxPage() {
  await requireAdminSession(); // the role: the (super-admin) layout
  return <MailboxClient smtpConfigured={setting("smtpConfigured")} />;
}
