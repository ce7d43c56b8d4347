"use client";
// The hosted app's signed-out home as members will see it, drawn from the form's current (unsaved)
// values with the hosted app's own parts (src/components/hosted/hosted-frame.tsx) and colour rules
// (brandStyle). Inert: a picture of the page, not a second form inside this one.
import { brandStyle } from "@/components/hosted/brand";
import { HostedHeader, PoweredBy, WelcomeIntro } from "@/components/hosted/hosted-frame";
import { hostedUi } from "@/components/hosted/styles";

const HEX = /^#[0-9a-fA-F]{6}$/;

type Props = { name: string; primaryColor: string; accentColor: string | undefined; logoUrl: string; headline: string; welcomeText: string; hidePoweredBy: boolean; url: string };

export function HostedPreview({ name, primaryColor, accentColor, logoUrl, headline, welcomeText, hidePoweredBy, url }: Props) {
  // Only what the hosted app would load: http(s) or a path on this site.
  const logo = /^https?:\/\/\S+$/i.test(logoUrl) || /^\/(?![/\\])/.test(logoUrl) ? logoUrl : null;
  const shownName = name.trim() || "Your organisation";
  const style = brandStyle({
    primaryColor: HEX.test(primaryColor) ? primaryColor : null,
    accentColor: accentColor && HEX.test(accentColor) ? accentColor : null,
    logoUrl: logo,
    headline: null,
    welcomeText: null,
  });
  return (
    <figure className="overflow-hidden rounded-lg border shadow-xs" aria-label="Preview of your hosted app's sign-in page" data-testid="branding-preview">
      <figcaption className="flex items-center gap-2 border-b bg-muted/60 px-3 py-1.5 text-xs text-muted-foreground">
        <span className="flex gap-1" aria-hidden="true">
          <span className="size-2 rounded-full bg-gray-300" />
          <span className="size-2 rounded-full bg-gray-300" />
          <span className="size-2 rounded-full bg-gray-300" />
        </span>
        <span className="truncate">{url}</span>
      </figcaption>
      <div inert className="flex flex-col bg-background text-foreground" style={style}>
        <HostedHeader name={shownName} logoUrl={logo} home="#" />
        <div className="px-4">
          <WelcomeIntro name={shownName} headline={headline.trim() || null} welcomeText={welcomeText.trim() || null} as={{ title: "p", card: "p" }}>
            <div className="grid gap-3 text-left">
              <span className="text-sm font-medium text-foreground">Your email</span>
              <span className={`${hostedUi.field} h-11 text-base text-muted-foreground`}>you@example.com</span>
              <span className="text-sm text-muted-foreground">We email you a link that signs you in.</span>
              <span className={hostedUi.primary} data-testid="preview-button">
                Email me a sign-in link
              </span>
            </div>
          </WelcomeIntro>
        </div>
        <PoweredBy hidden={hidePoweredBy} />
      </div>
    </figure>
  );
}
