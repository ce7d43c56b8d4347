// /mailbox/[id] — super admin: one email as written to the outbox: HTML (in a sandboxed frame),
// plain text, its links and headers, and its delivery attempts.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { readMailConfig } from "@perkway/server/config/mail-config";
import { MailboxEmailClient } from "../_components/mailbox-email-client";

export const metadata: Metadata = { title: "Email" };

export default async function MailboxEmailPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdminSession(); // the role: the (super-admin) layout
  const { id } = await params;
  return <MailboxEmailClient id={id} fromAddress={readMailConfig().fromAddress} />;
}
