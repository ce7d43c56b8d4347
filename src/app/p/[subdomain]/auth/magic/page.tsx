// GET /auth/magic?token= — opening a sign-in link never consumes it (mail scanners prefetch
// links): the page only looks at the link and asks the member to continue; the button's POST
// (POST /auth/magic/continue) consumes it and starts the session. Used, expired or unknown links, and the
// outcome of a failed POST (?status=), get a page that says what to do and an email field for a new
// link (self sign-in, docs/hosted-app.md, "Sign-in").
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Button } from "@/components/ui/button";
import { inspectMagicLink } from "@/server/services/members";
import { SelfSignInForm } from "@/components/hosted/self-sign-in-form";
import { hostedUi } from "@/components/hosted/styles";
import { requestSignInLink } from "../../actions";
import { getSurface, loadPartner } from "../../_lib/member-context";

type Props = { params: Promise<{ subdomain: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: { absolute: "Sign in" }, robots: { index: false, follow: false } };

const MESSAGES = {
  used: { title: "This sign-in link has already been used", body: "Each link works once." },
  expired: { title: "This sign-in link has expired", body: "Links are valid for a short time only." },
  invalid: { title: "This sign-in link is not valid", body: "It may be incomplete or mistyped." },
} as const;

export default async function MagicLinkPage({ params, searchParams }: Props) {
  const { subdomain } = await params;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [sp, surface] = await Promise.all([searchParams, getSurface(subdomain)]);
  const token = typeof sp.token === "string" ? sp.token : "";
  const status = typeof sp.status === "string" && sp.status in MESSAGES ? (sp.status as keyof typeof MESSAGES) : null;

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
            <h1 className="text-xl font-bold text-foreground">Sign in to {partner.name} perks</h1>
            <p className="mt-2 text-sm text-muted-foreground">Continue to see the deals your organization offers you.</p>
            <form method="post" action={`${surface.base}/auth/magic/continue`} className="mt-6">
              <input type="hidden" name="token" value={token} />
              <Button type="submit" size="lg" className="w-full">
                Continue to {partner.name}
              </Button>
            </form>
          </>
        ) : (
          <div data-testid="magic-link-problem">
            <h1 className="text-xl font-bold text-foreground">{MESSAGES[state].title}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{MESSAGES[state].body}</p>
            <p className="mt-4 mb-4 text-sm text-foreground">Get a new link by email:</p>
            <SelfSignInForm action={requestSignInLink} classes={hostedUi} partnerName={partner.name} />
          </div>
        )}
      </div>
    </div>
  );
}
