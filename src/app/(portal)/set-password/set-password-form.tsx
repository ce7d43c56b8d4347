"use client";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useActionState, useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { setPasswordAction, type SetPasswordState } from "./actions";

export function SetPasswordForm({ token, email, minLength }: { token: string; email: string; minLength: number }) {
  const [state, action, pending] = useActionState<SetPasswordState, FormData>(setPasswordAction, { error: null, field: null, done: null });
  // The password just chosen signs the admin in: nobody should type it twice in a row.
  const typed = useRef("");
  const [signInFailed, setSignInFailed] = useState(false);
  useEffect(() => {
    if (!state.done || !typed.current) return;
    const password = typed.current;
    typed.current = "";
    signIn("credentials", { email: state.done.email, password, redirect: false })
      // A full load so the server renders the shell with the new session cookie.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      .then((result) => (result?.ok && !result.error ? window.location.assign("/") : setSignInFailed(true)))
      .catch(() => setSignInFailed(true));
  }, [state.done]);
  if (state.done) {
    return (
      <Alert>
        <CheckCircle2 aria-hidden="true" />
        <AlertTitle>Your password is set</AlertTitle>
        <AlertDescription>
          {signInFailed ? (
            <>
              <p>Sign in as {state.done.email} with your new password.</p>
              <Button asChild className="mt-2">
                <Link href="/login">Go to sign in</Link>
              </Button>
            </>
          ) : (
            <p role="status">Signing you in as {state.done.email}…</p>
          )}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <form action={action} onSubmit={(e) => (typed.current = String(new FormData(e.currentTarget).get("password") ?? ""))} className="grid gap-4">
      <input type="hidden" name="token" value={token} />
      <p className="text-sm text-muted-foreground">
        Choose the password for <strong className="text-foreground">{email}</strong>.
      </p>
      {state.error ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription data-testid="set-password-error">{state.error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="new-password">New password</Label>
        <Input id="new-password" name="password" type="password" autoComplete="new-password" minLength={minLength} required aria-invalid={state.field === "password"} aria-describedby="password-hint" />
        <p id="password-hint" className="text-xs text-muted-foreground">
          At least {minLength} characters.
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="confirm-password">Confirm password</Label>
        <Input id="confirm-password" name="confirm" type="password" autoComplete="new-password" required aria-invalid={state.field === "confirm"} />
      </div>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Saving…" : "Set password"}
      </Button>
    </form>
  );
}
