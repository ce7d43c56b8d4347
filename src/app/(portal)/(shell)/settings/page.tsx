// /settings — the partner record: name, type, regions, delivery method, subdomain (with its hosted
// app URL), branding with a live preview of the hosted app header, freemium and the upgrade URL,
// allowed iframe origins and the widget's embed snippet, the support email (Reply-To of member
// emails), member digests (a preview of one member's next digest) and every email template. One
// record for Live and Sandbox. Directory sync (SCIM: base URL, tokens, requests) is per environment.
// Owners also see Security (require two-factor authentication for every admin) and Single sign-on for admins.
import { Building2 } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/portal/empty-state";
import { HostedAppLinks } from "@/components/portal/hosted-app-links";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { sessionCan } from "@perkway/server/trpc/procedure-permissions";
import { getServerApi } from "@/trpc/server";
import { EmailPreviewsCard } from "./_components/email-previews-card";
import { SettingsForm } from "./_components/settings-form";
import { DigestCard } from "./_components/digest-card";
import { MemberSignInCard } from "./_components/member-sign-in-card";
import { SecurityCard } from "./_components/security-card";
import { AdminSsoCard } from "./_components/admin-sso-card";
import { DirectorySyncCard } from "./_components/directory-sync-card";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const session = await requireAdminSession();
  const { scope, readOnly, actor, teamRole } = session;
  // Roles without settings see the shell's refusal (RoleGate); nothing is fetched for them.
  if (!sessionCan(session, "settings.update")) return null;
  const showSecurity = actor.role === "super_admin" || (teamRole ?? "owner") === "owner";
  if (!scope) {
    return (
      <>
        <PageHeader title="Settings" />
        <EmptyState
          icon={Building2}
          title="Choose a partner first"
          description="Settings belong to a partner. Open a partner from Partners to see its settings."
          action={
            <Button asChild>
              <Link href="/partners">Go to Partners</Link>
            </Button>
          }
        />
      </>
    );
  }
  const serverApi = await getServerApi();
  const [initial, profile, signIn] = await Promise.all([serverApi.settings.get(), serverApi.settings.memberProfile(), serverApi.memberSignIn.get()]);
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your partner account, hosted app and embedding. These settings are part of the partner record: the same in Live and Sandbox, and a change applies to both at once."
        actions={<HostedAppLinks url={initial.hosting.hosted_app_url} />}
      />
      <SettingsForm initial={initial} profileDimensions={profile.member_editable_dimensions} readOnly={readOnly} />
      <DigestCard initial={initial.partner.digest_frequency} readOnly={readOnly} />
      <MemberSignInCard initial={signIn} readOnly={readOnly} />
      {sessionCan(session, "directorySync.overview") ? <DirectorySyncCard readOnly={readOnly} /> : null}
      {showSecurity ? <SecurityCard readOnly={readOnly} /> : null}
      {showSecurity ? <AdminSsoCard readOnly={readOnly} /> : null}
      <div className="mt-8">
        <EmailPreviewsCard />
      </div>
    </>
  );
}
