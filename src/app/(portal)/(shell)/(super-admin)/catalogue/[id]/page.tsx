// /catalogue/[id] — super admin: edit one servicepass deal (every field, rules, codes).
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { DealEditor } from "../_components/deal-editor";

export const metadata: Metadata = { title: "Catalogue deal" };

export default async function CatalogueDealPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdminSession(); // the role: the (super-admin) layout
  const { id } = await params;
  return <DealEditor dealId={id} />;
}
