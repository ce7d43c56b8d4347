// The super-admin pages (partners, catalogue, categories, mailbox, platform): the role is checked
// once here. Layouts and pages render in parallel, so a page that reads data with the actor still
// asks requireSuperAdminSession itself (partners/[id]); the others only render client parts.
import type { ReactNode } from "react";
import { requireSuperAdminSession } from "@/server/auth/require-super-admin";

export default async function SuperAdminLayout({ children }: { children: ReactNode }) {
  await requireSuperAdminSession();
  return children;
}
