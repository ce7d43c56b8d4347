// The member surfaces' frame: the partner's branding, the signed-in member's sign-out, a sandbox
// banner for sandbox members, and the "Powered by Perkway" footer (unless the partner hides it); for a
// deactivated partner, a "paused" page in place of every page. The same tree serves the subdomain (or
// the partner's custom domain), /p/{subdomain} and the widget (/embed/{subdomain}, rewritten here by src/proxy.ts).
import type { ReactNode } from "react";
import { EmbedHeight } from "@/components/hosted/embed-height";
import { brandStyle } from "@/components/hosted/brand";
import { HostedHeader, PoweredBy } from "@/components/hosted/hosted-frame";
import { ProgrammePaused } from "@/components/hosted/programme-paused";
import { Button } from "@/components/ui/button";
import { getPausedPartner } from "@/server/services/partners";
import { getSurface, loadMember, loadPartner } from "./_lib/member-context";

// Partner data (branding, active flag) and sessions change at any time: never a cached render.
export const dynamic = "force-dynamic";

type Props = { children: ReactNode; params: Promise<{ subdomain: string }> };

export default async function HostedLayout({ children, params }: Props) {
  const { subdomain } = await params;
  const [partner, surface] = await Promise.all([loadPartner(subdomain), getSurface(subdomain)]);
  const member = partner ? await loadMember(partner) : null;
  // A deactivated partner's members are told the programme is paused, on every page.
  const paused = partner ? null : await getPausedPartner(subdomain);
  const embed = surface.surface === "embed";
  const home = surface.base || "/";

  return (
    <div className={`flex flex-col bg-background text-foreground ${embed ? "" : "min-h-screen"}`} style={partner ? brandStyle(partner.branding) : undefined} data-surface={surface.surface}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:text-foreground focus:px-3 focus:py-2">
        Skip to content
      </a>
      {member?.scope.environment === "test" ? (
        <div className="bg-sandbox px-4 py-2 text-center text-sm font-medium text-sandbox-foreground" data-testid="sandbox-banner">
          Sandbox: you are viewing test data. Nothing here is real.
        </div>
      ) : null}
      {partner ? (
        <HostedHeader name={partner.name} logoUrl={partner.branding.logoUrl} home={home} compact={embed}>
          {member ? (
            <form method="post" action={`${surface.base}/auth/sign-out`} className="flex shrink-0 items-center gap-2 sm:gap-3">
              <a href={`${surface.base}/perks`} className="text-sm font-medium whitespace-nowrap text-foreground underline-offset-2 hover:underline">
                My perks
              </a>
              <a href={`${surface.base}/profile`} className="text-sm font-medium whitespace-nowrap text-foreground underline-offset-2 hover:underline">
                Profile
              </a>
              <span className="hidden max-w-[220px] truncate text-sm text-muted-foreground sm:inline">{member.member.email}</span>
              <Button type="submit" variant="outline">
                Sign out
              </Button>
            </form>
          ) : null}
        </HostedHeader>
      ) : null}
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 sm:py-6">
        {paused ? <ProgrammePaused partnerName={paused.name} /> : children}
      </main>
      <PoweredBy hidden={partner?.hidePoweredBy ?? false} />
      {embed ? <EmbedHeight /> : null}
    </div>
  );
}
