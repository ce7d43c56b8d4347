// / on {subdomain}.{APP_DOMAIN} (rewritten by src/proxy.ts) and /p/{subdomain} — the hosted deal app's
// landing page. Placeholder until magic-link sign-in and the deal list land.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { CSSProperties } from "react";
import { cache } from "react";
import { getHostedPartner } from "@/server/services/partners/get-hosted-partner";

// Partner data (branding, active flag) changes from the portal: never serve a cached render.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ subdomain: string }> };

// generateMetadata and the page share one lookup per request.
const loadPartner = cache((subdomain: string) => getHostedPartner(subdomain));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const partner = await loadPartner((await params).subdomain);
  return {
    title: { absolute: partner ? `${partner.name} perks` : "Page not found" },
    robots: { index: false, follow: false },
  };
}

export default async function HostedHomePage({ params }: Props) {
  const partner = await loadPartner((await params).subdomain);
  if (!partner) notFound();

  const { branding } = partner;
  const style = {
    ...(branding.primaryColor ? { "--brand": branding.primaryColor } : {}),
    ...(branding.accentColor ? { "--brand-accent": branding.accentColor } : {}),
  } as CSSProperties;

  return (
    <div className="hosted" style={style}>
      <header className="hosted-header">
        <div className="hosted-header-inner">
          {branding.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- partner-hosted logo, any origin
            <img className="hosted-logo" src={branding.logoUrl} alt={`${partner.name} logo`} />
          ) : (
            <span className="hosted-wordmark">{partner.name}</span>
          )}
        </div>
      </header>
      <main className="hosted-main">
        <section className="hosted-hero">
          <h1 data-testid="partner-name">{partner.name} perks</h1>
          {branding.headline ? <p className="hosted-headline">{branding.headline}</p> : null}
          <p className="hosted-lead">Sign in through the link your organization sent you.</p>
          {branding.welcomeText ? <p className="hosted-welcome">{branding.welcomeText}</p> : null}
        </section>
      </main>
      <footer className="hosted-footer">Powered by Perkway</footer>
    </div>
  );
}
