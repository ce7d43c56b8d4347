// /deals/own/new — create an own deal (a draft; it goes live from its page).
import type { Metadata } from "next";
import { PageHeader } from "@/components/portal/page-header";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { NewOwnDeal } from "./new-own-deal";

export const metadata: Metadata = { title: "New deal" };

export default async function NewOwnDealPage() {
  await requireAdminSession();
  return (
    <>
      <PageHeader title="New deal" description="It is saved as a draft: add codes or rules on its page, then publish it." />
      <NewOwnDeal />
    </>
  );
}
