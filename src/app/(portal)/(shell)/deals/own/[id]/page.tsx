// /deals/own/[id] — one own deal: details (the /v1/partner-deals fields, status buttons the state
// machine allows, delete for drafts), its visibility rules, and its code pool (unique_code deals).
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { OwnDealEditor } from "./own-deal-editor";

export const metadata: Metadata = { title: "Edit deal" };

export default async function OwnDealPage({ params }: { params: Promise<{ id: string }> }) {
  const { readOnly } = await requireAdminSession();
  const { id } = await params;
  return <OwnDealEditor id={id} readOnly={readOnly} />;
}
