"use client";
// Admins' single sign-on on /login (contract section 17): the SSO-only form (/login?sso=1), and the
// pieces the password form shows once domain discovery finds the IdP serving the typed email.
import Link from "next/link";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { signInErrorText } from "@/lib/sign-in-errors";
import { api } from "@/trpc/react";
import { LoginError } from "./login-error";

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** The single sign-on start for an email: domain discovery picks the IdP on the server. */
export function ssoStartHref(email: string, callbackUrl: string): string {
  return `/login/sso/start?${new URLSearchParams({ email: email.trim(), ...(callbackUrl !== "/" ? { callbackUrl } : {}) })}`;
}

/**
 * Domain discovery: once the typed email looks complete (and the typing paused), the IdP of the
 * partner whose single sign-on serves its domain, if any.
 */
export function useSsoDiscovery(email: string) {
  const [settled, setSettled] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setSettled(email.trim().toLowerCase()), 300);
    return () => clearTimeout(t);
  }, [email]);
  const plausible = EMAIL_SHAPE.test(settled);
  const found = api.adminSso.discover.useQuery({ email: settled }, { enabled: plausible, staleTime: 60_000, retry: false });
  return plausible && found.data ? { email: settled, displayName: found.data.display_name } : null;
}

/** "Sign in with {IdP}": a link (a GET that leaves for the IdP), so it works before hydration too. */
export function SsoButton({ href, displayName }: { href: string; displayName: string }) {
  return (
    <Button asChild variant="outline" size="lg" className="w-full">
      <a href={href} data-testid="sso-sign-in">
        <KeyRound aria-hidden="true" />
        Sign in with {displayName}
      </a>
    </Button>
  );
}

/**
 * Single sign-on only: the work email, then the IdP (a GET form to /login/sso/start, no password
 * anywhere). Reached by "Use single sign-on" (/login?sso=1), with or without JavaScript.
 */
export function SsoForm({ callbackUrl, failed }: { callbackUrl: string; failed: string | null }) {
  const error = signInErrorText(failed);
  return (
    <form className="grid gap-4" action="/login/sso/start" method="get" aria-label="Single sign-on">
      {callbackUrl !== "/" ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <LoginError message={error} />
      <div className="grid gap-2">
        <Label htmlFor="sso-email">Work email</Label>
        <Input id="sso-email" name="email" type="email" autoComplete="username" required autoFocus aria-describedby="sso-email-help" />
        <p id="sso-email-help" className="text-sm text-muted-foreground">
          We send you to your organization&apos;s sign-in page for this email&apos;s domain.
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full">
        Continue with single sign-on
      </Button>
      <Button asChild variant="ghost">
        <Link href={callbackUrl !== "/" ? `/login?${new URLSearchParams({ callbackUrl })}` : "/login"}>Sign in with email and password</Link>
      </Button>
    </form>
  );
}
