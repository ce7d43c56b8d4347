// GET /auth/magic?token= — opening a sign-in link never consumes it (mail scanners prefetch
// links): the page only looks at the link and asks the member to continue; the button's POST
// (POST /auth/magic/continue) consumes it and starts the session. Used, expired or unknown links, and the
// outcome of a failed POST (?status=), get a page that says what to do and an email field for a new
// link (self sign-in, docs/hosted-app.md, "Sign-in").
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Button } from "@/components/ui/button";
import { inspectMagicLink } from "@perkway/server/services/members";
import { SelfSignInForm } from "@/components/hosted/self-sign-in-form";
import { MemberSignInOptions } from "@/components/hosted/member-sign-in-options";
import { selfSignInWords } from "@/components/hosted/self-sign-in-words";
import { hostedUi } from "@/components/hosted/styles";
import { requestSignInLink } from "../../actions";
import { getSurface, loadPartner } from "@/server/auth/member-context";
import { getTranslations } from "next-intl/server";
import { WIDGET_RETURN_PARAM } from "@/lib/hosted/widget-return";

type Props = { params: Promise<{ subdomain: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("magic");
  return { title: { absolute: t("metaTitle") }, robots: { index: false, follow: false } };
}

const MESSAGES = { used: "used", expired: "expired", invalid: "invalid" } as const;

export default async function MagicLinkPage({ params, searchParams }: Props) {
  const { subdomain } = await params;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [sp, surface] = await Promise.all([searchParams, getSurface(subdomain)]);
  const token = typeof sp.token === "string" ? sp.token : "";
  const status = typeof sp.status === "string" && sp.status in MESSAGES ? (sp.status as keyof typeof MESSAGES) : null;
  // In the widget, the partner's page that embeds it: a new link asked for here comes back there.
  const returnTo = surface.surface === "embed" && typeof sp[WIDGET_RETURN_PARAM] === "string" ? sp[WIDGET_RETURN_PARAM] : null;

  const [t, tWelcome] = await Promise.all([getTranslations("magic"), getTranslations("welcome")]);
  let state: keyof typeof MESSAGES | "valid" = status ?? "invalid";
  if (!status && token) {
    const seen = await inspectMagicLink(token, { partnerId: partner.id });
    state = seen.state === "valid" ? "valid" : seen.state === "unknown" ? "invalid" : seen.state;
  }

  return (
    <div className="flex justify-center py-8">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 text-center text-card-foreground shadow-xs sm:p-8">
        {state === "valid" ? (
          <>
            <h1 className="text-xl font-bold text-foreground">{t("title", { partner: partner.name })}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{t("intro")}</p>
            <form method="post" action={`${surface.base}/auth/magic/continue`} className="mt-6">
              <input type="hidden" name="token" value={token} />
              {returnTo ? <input type="hidden" name={WIDGET_RETURN_PARAM} value={returnTo} /> : null}
              <Button type="submit" size="lg" className="w-full">
                {t("continue", { partner: partner.name })}
              </Button>
            </form>
          </>
        ) : (
          <div data-testid="magic-link-problem">
            <h1 className="text-xl font-bold text-foreground">{t(`${state}.title`)}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{t(`${state}.body`)}</p>
            {partner.memberSignIn.emailLink || partner.memberSignIn.oidc ? (
              <p className="mt-4 mb-4 text-sm text-foreground">{t(partner.memberSignIn.emailLink ? "newLink" : "signInAgain")}</p>
            ) : (
              <p className="mt-4 text-sm text-foreground">{tWelcome("signInHintHandoff", { name: partner.name })}</p>
            )}
            {/* The ways in the partner left on: with email links off, no email field (contract section 15). */}
            <MemberSignInOptions partner={partner} surface={surface.surface} base={surface.base} buttonClass={hostedUi.primary}>
              <SelfSignInForm action={requestSignInLink} classes={hostedUi} words={await selfSignInWords(partner.name, partner.memberAccess === "request")} returnTo={returnTo} />
            </MemberSignInOptions>
          </div>
        )}
      </div>
    </div>
  );
}
