// The signed-in portal shell: sidebar navigation (a menu sheet on phones), the Live / Sandbox switch,
// the signed-in admin and sign-out, and the banners that say which data you are looking at (sandbox,
// or a partner's portal viewed read-only by a super admin). Pages render inside <main>.
// The navigation follows the admin's team role (nav-items.ts); a page the role may not use shows a
// refusal instead of its content, and an admin who must set up 2FA is sent to /account first.
import { Eye, FlaskConical } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { HostedAppLinks } from "@/components/portal/hosted-app-links";
import { AllowedProceduresProvider } from "@/components/portal/use-can";
import { PortalSettingsProvider } from "@/components/portal/portal-settings";
import { setting } from "@perkway/server/config/env";
import { Badge } from "@/components/ui/badge";
import { hostedAppConfig } from "@perkway/server/config/hosted-app-config";
import { hostedAppUrl } from "@perkway/server/config/hosted-app-url";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { allowedProcedures } from "@perkway/server/trpc/procedure-permissions";
import { TEAM_ROLE_LABELS } from "@perkway/server/domain/team-roles";
import { RoleGate } from "../_components/role-gate";
import { getPartner } from "@perkway/server/services/partners";
import { EnvironmentSwitch } from "../_components/environment-switch";
import { ExitViewAsButton } from "../_components/exit-view-as-button";
import { MobileNav } from "../_components/mobile-nav";
import { PortalNav } from "../_components/portal-nav";
import { SignOutButton } from "../_components/sign-out-button";

export default async function ShellLayout({ children }: { children: ReactNode }) {
  const session = await requireAdminSession({ allowTwoFactorSetup: true });
  const { actor, email, name, environment, scope, readOnly } = session;
  const isSuperAdmin = actor.role === "super_admin";
  const partner = scope ? await getPartner(scope).catch(() => null) : null;
  const sandbox = Boolean(scope) && environment === "test";
  const teamRole = isSuperAdmin ? null : (session.teamRole ?? "owner");
  const navProps = { isSuperAdmin, hasPartnerScope: Boolean(scope), teamRole, allowed: allowedProcedures(session) };
  const hostedUrl = partner ? hostedAppUrl(hostedAppConfig(), partner.subdomain) : null;

  return (
    <div data-environment={sandbox ? "test" : "live"} className="min-h-dvh bg-background">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <div className="flex min-h-dvh">
        <aside className="hidden w-60 shrink-0 flex-col gap-6 border-r bg-card px-3 py-5 lg:flex">
          <Link href="/" className="px-3 text-lg font-semibold tracking-tight">
            Perkway <span className="block text-xs font-normal text-muted-foreground">Partner portal</span>
          </Link>
          <PortalNav {...navProps} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex flex-wrap items-center gap-3 border-b bg-card/95 px-4 py-3 backdrop-blur sm:px-6">
            <MobileNav {...navProps} hostedUrl={hostedUrl} />
            <div className="min-w-0 flex-1">
              <p className="hidden truncate text-sm font-semibold sm:block">{partner?.name ?? (isSuperAdmin ? "Perkway platform" : "Partner portal")}</p>
            </div>
            {/* Phones: in the menu sheet (the header has no room beside the switch and Sign out). */}
            {hostedUrl ? <HostedAppLinks url={hostedUrl} compact className="hidden sm:flex" /> : null}
            {scope ? <EnvironmentSwitch environment={environment} /> : null}
            <div className="flex items-center gap-2" data-testid="account">
              <span className="hidden max-w-48 truncate text-sm text-muted-foreground sm:inline" title={email}>
                {name ?? email}
              </span>
              <Badge variant={isSuperAdmin ? "default" : "secondary"} className="hidden sm:inline-flex">
                {isSuperAdmin ? "Super admin" : TEAM_ROLE_LABELS[teamRole ?? "owner"]}
              </Badge>
              <SignOutButton />
            </div>
          </header>
          {readOnly && scope ? (
            <div role="status" className="flex flex-wrap items-center gap-3 border-b bg-primary/10 px-4 py-2 text-sm sm:px-6">
              <Eye className="size-4 shrink-0" aria-hidden="true" />
              <span className="flex-1">
                You are viewing <strong>{partner?.name ?? "this partner"}</strong>&apos;s portal read-only. Changes are refused; every view is recorded in the activity log.
              </span>
              <ExitViewAsButton />
            </div>
          ) : null}
          {sandbox ? (
            <div role="status" className="flex items-center gap-2 border-b border-sandbox/40 bg-sandbox/15 px-4 py-2 text-sm text-sandbox-foreground sm:px-6">
              <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
              <span>
                <strong>Sandbox</strong>: you are seeing and changing test data only. Live members, deals and keys are untouched.
              </span>
            </div>
          ) : null}
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
            <PortalSettingsProvider smtpConfigured={setting("smtpConfigured")}>
              <AllowedProceduresProvider allowed={navProps.allowed}>
                <RoleGate {...navProps} twoFactorSetupRequired={session.twoFactorSetupRequired === true}>
                  {children}
                </RoleGate>
              </AllowedProceduresProvider>
            </PortalSettingsProvider>
          </main>
        </div>
      </div>
    </div>
  );
}
