// /provider/tracking — rotate provider secrets, the test console and the last 50 postbacks.
import type { Metadata } from "next";
import { requireProviderSession } from "@/server/auth/get-admin-session";
import { TrackingClient } from "../_components/tracking-client";

export const metadata: Metadata = { title: "Tracking" };

export default async function ProviderTrackingPage() {
  await requireProviderSession();
  return <TrackingClient />;
}
