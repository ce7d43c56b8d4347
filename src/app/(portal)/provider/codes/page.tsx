// /provider/codes — upload unique codes (CSV or pasted) to the provider's deals; counts only.
import type { Metadata } from "next";
import { requireProviderSession } from "@/server/auth/get-admin-session";
import { CodesUploadClient } from "../_components/codes-upload-client";

export const metadata: Metadata = { title: "Codes" };

export default async function ProviderCodesPage() {
  await requireProviderSession();
  return <CodesUploadClient />;
}
