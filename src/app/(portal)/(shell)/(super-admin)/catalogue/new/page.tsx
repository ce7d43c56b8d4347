// /catalogue/new — super admin: a new servicepass deal.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { DealEditor } from "../_components/deal-editor";

export const metadata: Metadata = { title: "New catalogue deal" };

export default async function NewCatalogueDealPage() {
  const session = await requireAdminSession();
  if (session.actor.role !== "super_admin") notFound();
  return <DealEditor />;
}
