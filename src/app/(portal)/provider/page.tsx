// /provider — the provider's deals: status, code counts, tracking, and a change request per deal.
import type { Metadata } from "next";
import { requireProviderSession } from "@/server/auth/get-admin-session";
import { ProviderDealsClient } from "./_components/provider-deals-client";

export const metadata: Metadata = { title: "Your deals" };

export default async function ProviderDealsPage() {
  await requireProviderSession();
  return <ProviderDealsClient />;
}
