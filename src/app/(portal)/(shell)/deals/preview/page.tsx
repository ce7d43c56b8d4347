// /deals/preview — "Preview as a member": pick a member or describe one and see exactly what
// GET /v1/deals?user_id= returns for them, with the reason for every hidden or locked deal.
import type { Metadata } from "next";
import { PageHeader } from "@/components/portal/page-header";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { DealsSubnav } from "../_components/deals-subnav";
import { PreviewClient } from "./_components/preview-client";

export const metadata: Metadata = { title: "Preview as member" };

export default async function PreviewPage() {
  const { environment } = await requireAdminSession();
  return (
    <>
      <PageHeader
        title="Preview as member"
        description={`Exactly the deals a ${environment === "test" ? "sandbox" : "live"} member sees, and why every other deal is hidden or locked.`}
      />
      <DealsSubnav />
      <PreviewClient />
    </>
  );
}
