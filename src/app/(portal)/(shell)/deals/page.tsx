// /deals — the catalogue as the partner's members see it: every servicepass and own deal, visible
// or hidden, with the reason in words (catalogue.list; reasons from the visibility engine).
import type { Metadata } from "next";
import { PageHeader } from "@/components/portal/page-header";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { CatalogueClient } from "./_components/catalogue-client";
import { DealsSubnav } from "./_components/deals-subnav";

export const metadata: Metadata = { title: "Deals" };

export default async function DealsPage() {
  const { environment } = await requireAdminSession();
  return (
    <>
      <PageHeader
        title="Deals"
        description={`Every deal your members can meet in ${environment === "test" ? "sandbox" : "live"}, and the ones they cannot, with the rule or flag that hides each.`}
      />
      <DealsSubnav />
      <CatalogueClient />
    </>
  );
}
