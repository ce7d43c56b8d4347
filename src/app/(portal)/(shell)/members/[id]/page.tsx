// /members/[id] — one member of the current environment: profile, eligibility, events timeline,
// claimed codes and redemptions. Reached from the members list.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { MemberDetailClient } from "./_components/member-detail-client";

export const metadata: Metadata = { title: "Member" };

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdminSession();
  const { id } = await params;
  return <MemberDetailClient memberId={id} />;
}
