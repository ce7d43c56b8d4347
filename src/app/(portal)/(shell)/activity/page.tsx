// /activity — every change made to this partner through the portal, the CLI, key rotation or the
// system: who, what, which environment, when, and before/after where small. Filters and pages.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { ActivityClient } from "./_components/activity-client";

export const metadata: Metadata = { title: "Activity" };

export default async function ActivityPage() {
  await requireAdminSession();
  return (
    <>
      <ActivityClient />
    </>
  );
}
