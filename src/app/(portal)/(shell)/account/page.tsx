// /account — the signed-in admin's own page (contract.md section 17): two-factor authentication,
// sessions, password and email notifications. Every admin reaches it, whatever the role, also while
// a required 2FA setup is pending (the shell sends them here first).
import type { Metadata } from "next";
import { PageHeader } from "@/components/portal/page-header";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { ChangePasswordCard } from "../team/_components/change-password-card";
import { NotificationPreferencesCard } from "../team/_components/notification-preferences-card";
import { SessionsCard } from "./_components/sessions-card";
import { TwoFactorCard } from "./_components/two-factor-card";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const { email, actor, teamRole, twoFactorSetupRequired } = await requireAdminSession({ allowTwoFactorSetup: true });
  return (
    <>
      <PageHeader title="Your account" description={`Signed in as ${email}. Your second factor, where you are signed in, and your password.`} />
      <div className="flex flex-col gap-8">
        <TwoFactorCard setupRequired={twoFactorSetupRequired === true} />
        <SessionsCard />
        {twoFactorSetupRequired ? null : (
          <>
            {actor.role === "partner_admin" ? <NotificationPreferencesCard teamRole={teamRole ?? "owner"} /> : null}
            <ChangePasswordCard email={email} />
          </>
        )}
      </div>
    </>
  );
}
