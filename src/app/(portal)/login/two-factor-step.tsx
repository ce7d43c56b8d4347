"use client";
// The second step of a password sign-in for admins with two-factor authentication: a TOTP code or a
// recovery code, sent with the credentials of the first step by the login form.
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoginError } from "./login-error";

export function TwoFactorStep({ error, pending, onSubmit, onBack }: { error: string | null; pending: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void; onBack: () => void }) {
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Two-factor authentication">
      <LoginError message={error} />
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
      <Button type="button" variant="ghost" onClick={onBack}>
        Use another account
      </Button>
    </form>
  );
}
