// The signed-in portal shell: top navigation and account menu. Portal pages go in this folder
// (`(shell)/deals/page.tsx` is /deals) and render inside <main>.
import Link from "next/link";
import type { ReactNode } from "react";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { PortalNav } from "../_components/portal-nav";
import { SignOutButton } from "../_components/sign-out-button";

export default async function ShellLayout({ children }: { children: ReactNode }) {
  const { actor, email, name } = await requireAdminSession();
  const isSuperAdmin = actor.role === "super_admin";

  return (
    <div className="shell">
      <header className="topbar">
        <div className="topbar-inner">
          <Link href="/" className="brand">
            Perkway <span className="brand-sub">Partner portal</span>
          </Link>
          <PortalNav isSuperAdmin={isSuperAdmin} />
          <div className="account" data-testid="account">
            <span className="account-name" title={email}>
              {name ?? email}
            </span>
            <span className={isSuperAdmin ? "badge badge-strong" : "badge"}>
              {isSuperAdmin ? "Super admin" : "Partner admin"}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="content">{children}</main>
    </div>
  );
}
