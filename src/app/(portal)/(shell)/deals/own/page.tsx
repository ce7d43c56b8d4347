// /deals/own — the partner's own deals by status (tabs with counts), newest first, paged with the
// /v1/partner-deals cursor; "New deal" opens the form.
import type { Metadata } from "next";
import Link from "next/link";
import { Plus } from "lucide-react";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { DealsSubnav } from "../_components/deals-subnav";
import { OwnDealsClient } from "./_components/own-deals-client";

export const metadata: Metadata = { title: "Own deals" };

export default async function OwnDealsPage() {
  const { environment, readOnly } = await requireAdminSession();
  return (
    <>
      <PageHeader
        title="Own deals"
        description={`Private deals only your ${environment === "test" ? "sandbox" : "live"} members see.`}
        actions={
          readOnly ? null : (
            <Button asChild>
              <Link href="/deals/own/new">
                <Plus aria-hidden="true" /> New deal
              </Link>
            </Button>
          )
        }
      />
      <DealsSubnav />
      <OwnDealsClient />
    </>
  );
}
