// /members/[id] — one member of the current environment: profile, eligibility, events timeline,
// claimed codes and redemptions. Reached from the members list.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import en from "../../../../../../messages/en.json";
import { MemberDetailClient } from "./_components/member-detail-client";

export const metadata: Metadata = { title: "Member" };

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdminSession();
  const { id } = await params;
  // A record's words are the hosted app's (perks.record.*), in English: one wording on both surfaces.
  return <MemberDetailClient memberId={id} recordWords={en.perks.record} />;
}
