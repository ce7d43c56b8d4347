// /platform — super admin: per-partner figures (members, views and redemptions, last 30 days) and
// the platform-wide activity log.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { PlatformClient } from "./_components/platform-client";

export const metadata: Metadata = { title: "Platform" };

export default async function PlatformPage() {
  await requireAdminSession(); // the role: the (super-admin) layout
  return <PlatformClient />;
}
