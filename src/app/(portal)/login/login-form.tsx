"use client";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";

const WRONG_CREDENTIALS = "Email or password is incorrect";

/** `failed`: the page was reached after a failed sign-in that bypassed this form (next-auth's ?error=). */
export function LoginForm({ callbackUrl, failed }: { callbackUrl: string; failed: boolean }) {
  const [error, setError] = useState<string | null>(failed ? WRONG_CREDENTIALS : null);
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
      setError(!result?.error || result.error === "CredentialsSignin" ? WRONG_CREDENTIALS : "Sign-in failed. Please try again.");
    } catch {
      setError("Sign-in failed. Please try again.");
    }
    setPending(false);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {error ? (
        <div className="alert alert-error" role="alert" data-testid="login-error">
          {error}
        </div>
      ) : null}
      <label className="field">
        <span className="label">Email</span>
        <input className="input" name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <label className="field">
        <span className="label">Password</span>
        <input className="input" name="password" type="password" autoComplete="current-password" required />
      </label>
      <button className="button button-primary button-block" type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
