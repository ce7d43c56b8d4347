// /catalogue/new — super admin: a new servicepass deal.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { DealEditor } from "../_components/deal-editor";

export const metadata: Metadata = { title: "New catalogue deal" };

export default async function NewCatalogueDealPage() {
  await requireAdminSession(); // the role: the (super-admin) layout
  return <DealEditor />;
}
