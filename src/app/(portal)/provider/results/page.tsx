// /provider/results — clicks, confirmed conversions, rate and value per deal and month; CSV export.
import type { Metadata } from "next";
import { requireProviderSession } from "@/server/auth/get-admin-session";
import { ResultsClient } from "../_components/results-client";

export const metadata: Metadata = { title: "Results" };

export default async function ProviderResultsPage() {
  await requireProviderSession();
  return <ResultsClient />;
}
