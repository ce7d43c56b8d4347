// The signed-out member's ways in, as the partner set them (member_sign_in, contract section 15):
// "Continue with {display_name}" when an identity provider is configured, and the email-link form
// (children) unless email links are off; nothing when hand-off is the only way in.
import type { ReactNode } from "react";
import { hostedAppConfig } from "@perkway/server/config/hosted-app-config";
import { hostedAppUrl } from "@perkway/server/config/hosted-app-url";
import type { HostedPartner } from "@perkway/server/services/partners";
import { IdpSignInButton } from "./idp-sign-in-button";
import { useTranslations } from "next-intl";

type Props = { partner: HostedPartner; surface: "hosted" | "embed"; base: string; buttonClass: string; children: ReactNode };

export function MemberSignInOptions({ partner, surface, base, buttonClass, children }: Props) {
  const t = useTranslations("idp");
  const { oidc, emailLink } = partner.memberSignIn;
  // Neither (hand-off only): members come from the partner's own site; the page's hint says so.
  if (!oidc) return emailLink ? <>{children}</> : null;
  // The popup runs on the hosted app's registered host, where the IdP's callback lands.
  const hosted = hostedAppUrl(hostedAppConfig(), partner.subdomain);
  const popup = surface === "embed" ? { url: `${hosted}/auth/oidc/start?popup=1`, origin: new URL(hosted).origin, frameBase: base } : null;
  return (
    <div className="grid gap-4" data-testid="member-sign-in-options">
      <IdpSignInButton words={{ label: t("continueWith", { name: oidc.displayName }), waiting: t("waiting"), popupBlocked: t("popupBlocked"), openInTab: t("openInTab") }} className={buttonClass} startHref={`${base}/auth/oidc/start`} popup={popup} />
      {emailLink ? (
        <>
          <p className="text-center text-xs uppercase tracking-wide text-muted-foreground">{t("orEmailLink")}</p>
          {children}
        </>
      ) : null}
    </div>
  );
}
