// /providers — super admin: provider accounts (contract section 18), their deals and users, and the
// change requests they sent (side-by-side diff, approve or reject with a note).
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { ChangeRequestsCard } from "./_components/change-requests-card";
import { ProvidersClient } from "./_components/providers-client";

export const metadata: Metadata = { title: "Providers" };

export default async function ProvidersPage() {
  await requireAdminSession(); // the role: the (super-admin) layout
  return (
    <div className="space-y-8">
      <ChangeRequestsCard />
      <ProvidersClient />
    </div>
  );
}
