// The member surfaces' frame and signed-out welcome, as pure markup: the hosted layout and home page
// render them, and the portal's settings preview renders the very same parts from unsaved form values
// (so the preview cannot drift from what members see). No data loading and no server imports here.
import type { ReactNode } from "react";

type Heading = "h1" | "h2" | "p";

/** The branded header bar: logo (or name) linking home, and whatever the member may do (children). */
export function HostedHeader({ name, logoUrl, logoAlt, home, compact, children }: { name: string; logoUrl: string | null; logoAlt?: string; home: string; compact?: boolean; children?: ReactNode }) {
  return (
    <header className="border-t-4 border-primary bg-card shadow-xs" data-testid="hosted-header">
      {/* One row at every width: the brand takes what the actions leave and wraps onto a second
          line rather than being cut ("Launchp…") or pushing the row wider than a phone. */}
      <div className={`mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 sm:gap-4 ${compact ? "py-2" : "py-2 sm:py-3"}`}>
        <a href={home} className="flex min-w-0 flex-1 items-center gap-2 font-bold text-foreground no-underline">
          {logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- the partner's logo, any https host
            <img src={logoUrl} alt={logoAlt ?? `${name} home`} className="max-h-9 max-w-full object-contain sm:max-w-[180px]" />
          ) : (
            <span className="text-base leading-tight [overflow-wrap:anywhere] sm:text-lg" data-testid="hosted-header-name">
              {name}
            </span>
          )}
        </a>
        {children}
      </div>
    </header>
  );
}

/** "Powered by Perkway", unless the partner chose to hide it (settings, white label). */
export function PoweredBy({ hidden, label }: { hidden: boolean; label?: ReactNode }) {
  if (hidden) return null;
  return (
    <footer className="px-4 py-6 text-center text-xs text-muted-foreground" data-testid="powered-by">
      {label ?? (
        <>
          Powered by <span className="font-semibold">Perkway</span>
        </>
      )}
    </footer>
  );
}

/**
 * The signed-out home: "{name} perks", the headline, the welcome text and the sign-in card (children:
 * the form). `as` lets the settings preview use plain text where the page uses headings.
 */
export function WelcomeIntro({
  name,
  headline,
  welcomeText,
  status,
  children,
  as = { title: "h1", card: "h2" },
  copy,
}: {
  name: string;
  headline: string | null;
  welcomeText: string | null;
  status?: ReactNode;
  children: ReactNode;
  as?: { title: Heading; card: Heading };
  /** the words in the member's language (the hosted page); the portal's preview keeps English */
  copy?: { title: string; signIn: string; signInHint: string };
}) {
  const Title = as.title;
  const CardTitle = as.card;
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <Title className="text-3xl font-bold tracking-tight text-foreground" data-testid="partner-name">
        {copy?.title ?? `${name} perks`}
      </Title>
      {headline ? (
        <p className="mt-2 text-lg font-medium text-foreground" data-testid="welcome-headline">
          {headline}
        </p>
      ) : null}
      {status}
      {welcomeText ? (
        <p className="mt-6 whitespace-pre-line text-muted-foreground" data-testid="welcome-text">
          {welcomeText}
        </p>
      ) : null}
      <div className="mx-auto mt-8 max-w-sm rounded-xl border bg-card p-5 shadow-xs sm:p-6">
        <CardTitle className="text-lg font-semibold text-foreground">{copy?.signIn ?? "Sign in"}</CardTitle>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">{copy?.signInHint ?? `Enter your email and we send you a sign-in link, or open the link ${name} sent you.`}</p>
        {children}
      </div>
    </section>
  );
}
