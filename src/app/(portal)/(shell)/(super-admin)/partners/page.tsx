// /partners — super admin: every partner (search, status), create one with its first admin.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { PartnersClient } from "./_components/partners-client";

export const metadata: Metadata = { title: "Partners" };

export default async function PartnersPage() {
  await requireAdminSession(); // the role: the (super-admin) layout
  return <PartnersClient />;
}
