"use client";
// "Email me a sign-in link" on the member surfaces' signed-out, used-link and expired-link pages.
// The answer is the same whatever the address (docs/hosted-app.md, "Sign-in"): nobody learns who is a member.
// Class names and words come from the server (hostedUi, selfSignInWords) so the hosted pages'
// JavaScript stays small: no next-intl runtime on the deal list.
import { useActionState } from "react";

/** What the form shows; the server action (app/p/[subdomain]/actions.ts) answers with it. */
export type SelfSignInState = { status: "idle" } | { status: "sent"; waitsForApproval: boolean } | { status: "invalid"; email: string };

/** The form's words in the member's language, the partner's name already in them (self-sign-in-words.ts). */
export type SelfSignInWords = {
  checkEmail: string;
  sent: string;
  requestTitle: string;
  sentOrRequested: string;
  formLabel: string;
  emailLabel: string;
  emailPlaceholder: string;
  invalid: string;
  /** the hint under the field: the request-to-join one when the partner accepts requests */
  hint: string;
  sending: string;
  submit: string;
};

type Props = {
  action: (prev: SelfSignInState, form: FormData) => Promise<SelfSignInState>;
  classes: { primary: string; field: string };
  words: SelfSignInWords;
  /** In the widget: the partner's page that embeds it (the emailed link comes back there). */
  returnTo?: string | null;
};

export function SelfSignInForm({ action, classes, words, returnTo = null }: Props) {
  const [state, submit, pending] = useActionState<SelfSignInState, FormData>(action, { status: "idle" });
  if (state.status === "sent") {
    return (
      <div role="status" className="rounded-lg border bg-card p-4 text-start text-sm text-foreground">
        <p className="font-semibold">{state.waitsForApproval ? words.requestTitle : words.checkEmail}</p>
        <p className="mt-1 text-muted-foreground">{state.waitsForApproval ? words.sentOrRequested : words.sent}</p>
      </div>
    );
  }
  const invalid = state.status === "invalid";
  return (
    <form action={submit} className="grid gap-3 text-start" aria-label={words.formLabel} noValidate>
      {returnTo ? <input type="hidden" name="return_to" value={returnTo} /> : null}
      <label htmlFor="self-sign-in-email" className="text-sm font-medium text-foreground">
        {words.emailLabel}
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
        placeholder={words.emailPlaceholder}
      />
      {invalid ? (
        <p id="self-sign-in-error" className="text-sm font-medium text-destructive">
          {words.invalid}
        </p>
      ) : (
        <p id="self-sign-in-hint" className="text-sm text-muted-foreground">
          {words.hint}
        </p>
      )}
      <button type="submit" className={classes.primary} disabled={pending}>
        {pending ? words.sending : words.submit}
      </button>
    </form>
  );
}
