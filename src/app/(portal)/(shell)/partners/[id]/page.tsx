// /partners/[id] — super admin: one partner (status, keys, admins), activate/deactivate, rotate keys
// on its behalf, open its portal read-only.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { PartnerDetailClient } from "./_components/partner-detail-client";

export const metadata: Metadata = { title: "Partner" };

export default async function PartnerPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requireAdminSession();
  if (session.actor.role !== "super_admin") notFound();
  const { id } = await params;
  return <PartnerDetailClient partnerId={id} />;
}
