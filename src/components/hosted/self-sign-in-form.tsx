"use client";
// "Email me a sign-in link" on the member surfaces' signed-out, used-link and expired-link pages.
// The answer is the same whatever the address (docs/hosted-app.md, "Sign-in"): nobody learns who is a member.
// Class names come from the server (hostedUi) so the hosted pages' JavaScript stays small.
import { useActionState } from "react";
import type { SelfSignInState } from "@/app/p/[subdomain]/actions";

export const SELF_SIGN_IN_ANSWER = "If this address can sign in, a link is on its way.";

type Props = {
  action: (prev: SelfSignInState, form: FormData) => Promise<SelfSignInState>;
  classes: { primary: string; field: string };
  partnerName: string;
};

export function SelfSignInForm({ action, classes, partnerName }: Props) {
  const [state, submit, pending] = useActionState<SelfSignInState, FormData>(action, { status: "idle" });
  if (state.status === "sent") {
    return (
      <div role="status" className="rounded-lg border bg-card p-4 text-left text-sm text-foreground">
        <p className="font-semibold">Check your email</p>
        <p className="mt-1 text-muted-foreground">
          {SELF_SIGN_IN_ANSWER} It works once, for 15 minutes. Nothing after a few minutes? Check your spam folder, or ask {partnerName}.
        </p>
      </div>
    );
  }
  const invalid = state.status === "invalid";
  return (
    <form action={submit} className="grid gap-3 text-left" aria-label="Get a sign-in link" noValidate>
      <label htmlFor="self-sign-in-email" className="text-sm font-medium text-foreground">
        Your email
      </label>
      <input
        id="self-sign-in-email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={invalid ? state.email : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? "self-sign-in-error" : "self-sign-in-hint"}
        className={`${classes.field} h-11 text-base`}
        placeholder="you@example.com"
      />
      {invalid ? (
        <p id="self-sign-in-error" className="text-sm font-medium text-destructive">
          Enter an email address such as you@example.com.
        </p>
      ) : (
        <p id="self-sign-in-hint" className="text-sm text-muted-foreground">
          We email you a link that signs you in.
        </p>
      )}
      <button type="submit" className={classes.primary} disabled={pending}>
        {pending ? "Sending…" : "Email me a sign-in link"}
      </button>
    </form>
  );
}
