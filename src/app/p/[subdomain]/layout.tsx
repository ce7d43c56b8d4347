// The member surfaces' frame: the partner's branding, the signed-in member's sign-out, a sandbox
// banner for sandbox members, and the "Powered by Perkway" footer; for a deactivated partner, a
// "paused" page in place of every page. The same tree serves the subdomain, /p/{subdomain} and the widget (/embed/{subdomain}, rewritten here by src/proxy.ts).
import type { ReactNode } from "react";
import { EmbedHeight } from "@/components/hosted/embed-height";
import { brandStyle } from "@/components/hosted/brand";
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
        <header className="border-t-4 border-primary bg-card shadow-xs">
          <div className={`mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 ${embed ? "py-2" : "py-2 sm:py-3"}`}>
            <a href={home} className="flex min-w-0 items-center gap-2 font-bold text-foreground no-underline">
              {partner.branding.logoUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- the partner's logo, any https host
                <img src={partner.branding.logoUrl} alt={`${partner.name} home`} className="max-h-9 max-w-[180px] object-contain" />
              ) : (
                <span className="truncate text-lg">{partner.name}</span>
              )}
            </a>
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
          </div>
        </header>
      ) : null}
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 sm:py-6">
        {paused ? <ProgrammePaused partnerName={paused.name} /> : children}
      </main>
      <footer className="px-4 py-6 text-center text-xs text-muted-foreground">
        Powered by <span className="font-semibold">Perkway</span>
      </footer>
      {embed ? <EmbedHeight /> : null}
    </div>
  );
}
