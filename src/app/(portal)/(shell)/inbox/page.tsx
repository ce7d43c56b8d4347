// /inbox — members' access requests (approval-required deals, membership requests) and inquiries in
// one list for the current environment: status filters, search, bulk approve/decline with a note,
// replies to inquiries by email, CSV export. The navigation shows how many are new.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { InboxClient } from "./_components/inbox-client";

export const metadata: Metadata = { title: "Inbox" };

type Props = { searchParams: Promise<{ kind?: string; status?: string }> };

export default async function InboxPage({ searchParams }: Props) {
  const { environment, readOnly } = await requireAdminSession();
  const { kind, status } = await searchParams;
  return <InboxClient environment={environment} readOnly={readOnly} initialKind={kind ?? null} initialStatus={status ?? null} />;
}
