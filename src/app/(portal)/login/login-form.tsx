"use client";
import Link from "next/link";
import { AlertCircle, KeyRound } from "lucide-react";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { type FormEvent, type MouseEvent, useEffect, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SIGN_IN_ERRORS, signInErrorText } from "@/lib/sign-in-errors";
import { api } from "@/trpc/react";
import { signInAction } from "./actions";

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** The single sign-on start for an email: domain discovery picks the IdP on the server. */
function ssoStartHref(email: string, callbackUrl: string): string {
  return `/login/sso/start?${new URLSearchParams({ email: email.trim(), ...(callbackUrl !== "/" ? { callbackUrl } : {}) })}`;
}

/**
 * Domain discovery: once the typed email looks complete (and the typing paused), the IdP of the
 * partner whose single sign-on serves its domain, if any.
 */
function useSsoDiscovery(email: string) {
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
function SsoButton({ href, displayName }: { href: string; displayName: string }) {
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
      {error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription data-testid="login-error">{error}</AlertDescription>
        </Alert>
      ) : null}
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

/**
 * `failed`: next-auth's ?error= code when the page was reached after a sign-in that bypassed this form.
 * Admins with two-factor authentication get a second step: the same credentials plus a code (a TOTP
 * code or a recovery code), checked by the same credentials provider.
 */
export function LoginForm({ callbackUrl, failed }: { callbackUrl: string; failed: string | null }) {
  const [error, setError] = useState<string | null>(signInErrorText(failed));
  const [pending, setPending] = useState(false);
  const [secondStep, setSecondStep] = useState<{ email: string; password: string } | null>(null);
  const [typedEmail, setTypedEmail] = useState("");
  const sso = useSsoDiscovery(typedEmail);
  const router = useRouter();

  /** "Forgot password?" takes the email typed so far along: the reset form starts with it. */
  function onForgotPassword(event: MouseEvent<HTMLAnchorElement>) {
    const field = event.currentTarget.closest("form")?.elements.namedItem("email");
    const email = field instanceof HTMLInputElement ? field.value.trim() : "";
    if (!email || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(`/forgot-password?email=${encodeURIComponent(email)}`);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const credentials = secondStep ?? { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    try {
      const result = await signIn("credentials", {
        ...credentials,
        ...(secondStep ? { code: String(form.get("code") ?? "") } : {}),
        redirect: false,
      });
      if (result?.ok && !result.error) {
        // A full load so the server renders the shell with the new session cookie.
        window.location.assign(callbackUrl);
        return;
      }
      if (result?.error === "TwoFactorRequired") {
        // The password was right: ask for the code (no error shown, the step explains itself).
        setSecondStep(credentials);
        setPending(false);
        return;
      }
      // next-auth's result carries our code (src/lib/sign-in-errors.ts); the sentence is ours.
      setError(signInErrorText(result?.error ?? "CredentialsSignin"));
    } catch {
      setError(SIGN_IN_ERRORS.SignInUnavailable);
    }
    setPending(false);
  }

  if (secondStep) {
    return (
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Two-factor authentication">
        {error ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertDescription data-testid="login-error">{error}</AlertDescription>
          </Alert>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor="login-code">Authentication code</Label>
          <Input id="login-code" name="code" autoComplete="one-time-code" inputMode="text" spellCheck={false} required autoFocus aria-describedby="login-code-help" />
          <p id="login-code-help" className="text-sm text-muted-foreground">
            The 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? "Checking…" : "Verify and sign in"}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setSecondStep(null);
            setError(null);
          }}
        >
          Use another account
        </Button>
      </form>
    );
  }

  return (
    // Before hydration the browser posts the form to the server action (a POST, never a GET with the
    // password in the URL: issue 44); once hydrated, onSubmit signs in through next-auth's client.
    <form className="grid gap-4" action={signInAction} onSubmit={onSubmit} noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription data-testid="login-error">{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input id="login-email" name="email" type="email" autoComplete="username" required autoFocus onChange={(e) => setTypedEmail(e.currentTarget.value)} />
      </div>
      {sso ? (
        <div className="grid gap-2" aria-live="polite">
          <SsoButton href={ssoStartHref(sso.email, callbackUrl)} displayName={sso.displayName} />
          <p className="text-center text-sm text-muted-foreground">or use your Perkway password</p>
        </div>
      ) : null}
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="login-password">Password</Label>
          <Link href="/forgot-password" onClick={onForgotPassword} className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Input id="login-password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Does your organization use single sign-on?
        <Link href={`/login?${new URLSearchParams({ sso: "1", ...(callbackUrl !== "/" ? { callbackUrl } : {}) })}`} className="block font-medium text-primary hover:underline">
          Use single sign-on
        </Link>
      </p>
    </form>
  );
}
