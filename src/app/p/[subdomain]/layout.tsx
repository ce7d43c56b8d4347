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
import { getPausedPartner } from "@perkway/server/services/partners";
import { getSurface, loadMember, loadPartner } from "@/server/auth/member-context";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageMenu } from "@/components/hosted/language-menu";
import { GiftIcon, UserRoundIcon } from "@/components/hosted/icons";
import { chooseLanguage } from "./actions";
import { throwIfTestFault } from "./_lib/test-fault";

// Partner data (branding, active flag) and sessions change at any time: never a cached render.
export const dynamic = "force-dynamic";

type Props = { children: ReactNode; params: Promise<{ subdomain: string }> };

export default async function HostedLayout({ children, params }: Props) {
  const { subdomain } = await params;
  await throwIfTestFault("layout");
  const [partner, surface] = await Promise.all([
    loadPartner(subdomain),
    getSurface(subdomain),
  ]);
  const member = partner ? await loadMember(partner) : null;
  // A deactivated partner's members are told the programme is paused, on every page.
  const paused = partner ? null : await getPausedPartner(subdomain);
  const embed = surface.surface === "embed";
  const home = surface.base || "/";
  const [t, locale] = await Promise.all([
    getTranslations("frame"),
    getLocale(),
  ]);
  const menu = partner ? (
    <LanguageMenu
      current={locale}
      offered={partner.locales}
      label={t("chooseLanguage")}
      choose={chooseLanguage}
    />
  ) : null;

  return (
    <div
      className={`flex flex-col bg-background text-foreground ${embed ? "" : "min-h-screen"}`}
      style={partner ? brandStyle(partner.branding) : undefined}
      data-surface={surface.surface}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:text-foreground focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      {member?.scope.environment === "test" ? (
        <div
          className="bg-sandbox px-4 py-2 text-center text-sm font-medium text-sandbox-foreground"
          data-testid="sandbox-banner"
        >
          {t("sandboxBanner")}
        </div>
      ) : null}
      {partner ? (
        <HostedHeader
          name={partner.name}
          logoUrl={partner.branding.logoUrl}
          logoAlt={t("homeLogoAlt", { name: partner.name })}
          home={home}
          compact={embed}
        >
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            {menu}
            {member ? (
              <form
                method="post"
                action={`${surface.base}/auth/sign-out`}
                className="flex shrink-0 items-center gap-2 sm:gap-3"
              >
                {/* On a phone the two links are icons (their names stay for screen readers), so the row fits at 375 px in every language. */}
                <a
                  href={`${surface.base}/perks`}
                  aria-label={t("myPerks")}
                  className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap text-foreground underline-offset-2 hover:underline"
                >
                  <GiftIcon className="size-5 sm:hidden" />
                  <span className="hidden sm:inline">{t("myPerks")}</span>
                </a>
                <a
                  href={`${surface.base}/profile`}
                  aria-label={t("profile")}
                  className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap text-foreground underline-offset-2 hover:underline"
                >
                  <UserRoundIcon className="size-5 sm:hidden" />
                  <span className="hidden sm:inline">{t("profile")}</span>
                </a>
                <span className="hidden max-w-[220px] truncate text-sm text-muted-foreground sm:inline">
                  {member.member.email}
                </span>
                <Button type="submit" variant="outline" size="sm">
                  {t("signOut")}
                </Button>
              </form>
            ) : null}
          </div>
        </HostedHeader>
      ) : null}
      <main
        id="main"
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 sm:py-6"
      >
        {/* No next-intl client provider: client islands get their words from the server (components/hosted/words.ts). */}
        {paused ? <ProgrammePaused partnerName={paused.name} /> : children}
      </main>
      <PoweredBy
        hidden={partner?.hidePoweredBy ?? false}
        label={t.rich("poweredBy", {
          b: (chunks) => <span className="font-semibold">{chunks}</span>,
        })}
      />
      {embed ? <EmbedHeight /> : null}
    </div>
  );
}
