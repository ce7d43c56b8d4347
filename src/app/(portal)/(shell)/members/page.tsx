// /members — the partner's members in the current environment (Live / Sandbox switch): search,
// filters, server-side cursor pages; create, edit, delete, "Copy sign-in link"; CSV import.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { MembersClient } from "./_components/members-client";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const { environment, readOnly } = await requireAdminSession();
  return <MembersClient environment={environment} readOnly={readOnly} />;
}
