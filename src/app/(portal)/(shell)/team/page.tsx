// /team — the partner's admins: invite one (one-time set-password link to pass on), renew a lost
// link, remove one (never the last), your own email notifications and your own password.
import type { Metadata } from "next";
import { PageHeader } from "@/components/portal/page-header";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { ChangePasswordCard } from "./_components/change-password-card";
import { NotificationPreferencesCard } from "./_components/notification-preferences-card";
import { TeamClient } from "./_components/team-client";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const { readOnly, email, actor, teamRole } = await requireAdminSession();
  return (
    <>
      <PageHeader title="Team" description="The people who can sign in to this portal and manage your programme." />
      <div className="flex flex-col gap-8">
        <TeamClient readOnly={readOnly} />
        {actor.role === "partner_admin" ? <NotificationPreferencesCard teamRole={teamRole ?? "owner"} /> : null}
        <ChangePasswordCard email={email} />
      </div>
    </>
  );
}
