// /deals/[id] — one deal of the partner's catalogue as its members see it, why it is visible or
// hidden, and "Hide from my members" / "Show again" for shared deals.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { CatalogueDealClient } from "./_components/catalogue-deal-client";

export const metadata: Metadata = { title: "Deal" };

export default async function CatalogueDealPage({ params }: { params: Promise<{ id: string }> }) {
  const { readOnly } = await requireAdminSession();
  const { id } = await params;
  return <CatalogueDealClient dealId={id} readOnly={readOnly} />;
}
