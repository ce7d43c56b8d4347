// /login — portal sign-in (next-auth's custom sign-in page).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import { isSignInErrorCode } from "@/lib/sign-in-errors";
import { getAdminSession } from "@/server/auth/get-admin-session";
import { portalOrigin } from "@perkway/server/config/hosted-app-config";
import { LoginForm } from "./login-form";
import { SsoForm } from "./sso-form";

export const metadata: Metadata = { title: "Sign in" };

/** Where to go after sign-in: a page of the portal only (src/lib/safe-callback-url.ts), never /login. */
function callbackUrlOf(value: string | string[] | undefined): string {
  const path = safeCallbackUrl(value, portalOrigin());
  return /^\/login(?=[/?#]|$)/.test(path) ? "/" : path;
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = callbackUrlOf(params.callbackUrl);
  // Only codes we know are passed on; the form shows our own sentence for each.
  const failed = params.error === undefined ? null : isSignInErrorCode(params.error) ? params.error : "SignInUnavailable";
  if (await getAdminSession()) redirect(callbackUrl);
  // /login?sso=1: single sign-on only (the work email, then the organization's IdP).
  const ssoOnly = params.sso === "1";
  // Headed for the provider area (its pages send signed-out visitors here with that callback): speak to providers.
  const provider = /^\/provider(?=[/?#]|$)/.test(callbackUrl);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <p className="text-lg font-semibold tracking-tight">
          Perkway <span className="text-sm font-normal text-muted-foreground">{provider ? "Provider area" : "Partner portal"}</span>
        </p>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight">Sign in</h1>
        <p className="mt-1 mb-6 text-sm text-muted-foreground">
          {ssoOnly
            ? "Sign in through your organization's identity provider."
            : provider
              ? "Use the email and password of your provider account: your deals, codes, tracking and results."
              : "Use the email and password of your Perkway account (partner teams and providers)."}
        </p>
        {/* next-auth and the single sign-on callback send failed sign-ins here with ?error= (our codes only). */}
        {ssoOnly ? <SsoForm callbackUrl={callbackUrl} failed={failed} /> : <LoginForm callbackUrl={callbackUrl} failed={failed} />}
      </div>
    </main>
  );
}
