"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, type MouseEvent, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useHydrated } from "@/components/portal/use-hydrated";
import { SIGN_IN_ERRORS, signInErrorText } from "@/lib/sign-in-errors";
import { signInAction } from "./actions";
import { LoginError } from "./login-error";
import { SsoButton, ssoStartHref, useSsoDiscovery } from "./sso-form";
import { TwoFactorStep } from "./two-factor-step";

/** Checked in the browser before anything is posted: an empty field never reaches the server. */
const credentialsSchema = z.object({
  email: z.string().trim().min(1, "Enter your email.").regex(/^[^\s@]+@[^\s@]+$/, "Enter an email address, like name@example.com."),
  password: z.string().min(1, "Enter your password."),
});
type Credentials = z.infer<typeof credentialsSchema>;

/** "(required)" beside a label: part of its accessible name, in a quieter type. */
function RequiredHint() {
  return <span className="font-normal text-muted-foreground">(required)</span>;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
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
  const hydrated = useHydrated();
  const form = useForm<Credentials>({ defaultValues: { email: "", password: "" }, resolver: zodResolver(credentialsSchema) });
  const { errors } = form.formState;
  const sso = useSsoDiscovery(useWatch({ control: form.control, name: "email" }));
  const router = useRouter();

  /** "Forgot password?" takes the email typed so far along: the reset form starts with it. */
  function onForgotPassword(event: MouseEvent<HTMLAnchorElement>) {
    const field = event.currentTarget.closest("form")?.elements.namedItem("email");
    const email = field instanceof HTMLInputElement ? field.value.trim() : "";
    if (!email || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(`/forgot-password?email=${encodeURIComponent(email)}`);
  }

  /** The first step: the fields are checked here first; a failed check posts nothing and leaves no earlier error up. */
  function onCredentialsSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    void form.handleSubmit((values) => signInWith(values))(event);
  }

  /** The second step (the code), with the credentials of the first. */
  function onCodeSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (secondStep) void signInWith(secondStep, String(new FormData(event.currentTarget).get("code") ?? ""));
  }

  async function signInWith(credentials: Credentials, code?: string) {
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", {
        ...credentials,
        ...(code !== undefined ? { code } : {}),
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
      <TwoFactorStep
        error={error}
        pending={pending}
        onSubmit={onCodeSubmit}
        onBack={() => {
          setSecondStep(null);
          setError(null);
        }}
      />
    );
  }

  return (
    // Before hydration the browser posts the form to the server action (a POST, never a GET with the
    // password in the URL: issue 44), and the browser's own check of the required fields stops an empty
    // one; once hydrated, our check (messages under the fields) runs instead and onSubmit signs in
    // through next-auth's client.
    <form className="grid gap-4" action={signInAction} onSubmit={onCredentialsSubmit} noValidate={hydrated}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <LoginError message={error} />
      <div className="grid gap-2">
        <Label htmlFor="login-email">
          Email <RequiredHint />
        </Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? "login-email-error" : undefined}
          {...form.register("email")}
        />
        <FieldError id="login-email-error" message={errors.email?.message} />
      </div>
      {sso ? (
        <div className="grid gap-2" aria-live="polite">
          <SsoButton href={ssoStartHref(sso.email, callbackUrl)} displayName={sso.displayName} />
          <p className="text-center text-sm text-muted-foreground">or use your Perkway password</p>
        </div>
      ) : null}
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="login-password">
            Password <RequiredHint />
          </Label>
          <Link href="/forgot-password" onClick={onForgotPassword} className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? "login-password-error" : undefined}
          {...form.register("password")}
        />
        <FieldError id="login-password-error" message={errors.password?.message} />
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
