// /partners/[id] — super admin: one partner (status, keys, admins), activate/deactivate, rotate keys
// on its behalf, open its portal read-only. An unknown id is a 404 page, not an error box.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireSuperAdminSession } from "@/server/auth/require-super-admin";
import { AppError } from "@perkway/server/errors/app-error";
import { getPartnerForAdmin } from "@perkway/server/services/partners";
import { PartnerDetailClient } from "./_components/partner-detail-client";

export const metadata: Metadata = { title: "Partner" };

export default async function PartnerPage({ params }: { params: Promise<{ id: string }> }) {
  // Checked again here: this page reads data as the actor, and pages render in parallel with layouts.
  const session = await requireSuperAdminSession();
  const { id } = await params;
  try {
    await getPartnerForAdmin(session.actor, id);
  } catch (err) {
    if (err instanceof AppError && err.code === "partner_not_found") notFound();
    throw err;
  }
  return <PartnerDetailClient partnerId={id} />;
}
