"use client";
import Link from "next/link";
import { AlertCircle } from "lucide-react";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SIGN_IN_ERRORS, signInErrorText } from "@/lib/sign-in-errors";

/** `failed`: next-auth's ?error= code when the page was reached after a sign-in that bypassed this form. */
export function LoginForm({ callbackUrl, failed }: { callbackUrl: string; failed: string | null }) {
  const [error, setError] = useState<string | null>(signInErrorText(failed));
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (result?.ok && !result.error) {
        // A full load so the server renders the shell with the new session cookie.
        window.location.assign(callbackUrl);
        return;
      }
      // next-auth's result carries our code (src/lib/sign-in-errors.ts); the sentence is ours.
      setError(signInErrorText(result?.error ?? "CredentialsSignin"));
    } catch {
      setError(SIGN_IN_ERRORS.SignInUnavailable);
    }
    setPending(false);
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      {error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription data-testid="login-error">{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input id="login-email" name="email" type="email" autoComplete="username" required autoFocus />
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="login-password">Password</Label>
          <Link href="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Input id="login-password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
