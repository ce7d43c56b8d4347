"use client";
// "Email me a sign-in link" on the member surfaces' signed-out, used-link and expired-link pages.
// The answer is the same whatever the address (docs/hosted-app.md, "Sign-in"): nobody learns who is a member.
// Class names come from the server (hostedUi) so the hosted pages' JavaScript stays small.
import { useActionState } from "react";
import { useTranslations } from "next-intl";

/** What the form shows; the server action (app/p/[subdomain]/actions.ts) answers with it. */
export type SelfSignInState = { status: "idle" } | { status: "sent"; waitsForApproval: boolean } | { status: "invalid"; email: string };

type Props = {
  action: (prev: SelfSignInState, form: FormData) => Promise<SelfSignInState>;
  classes: { primary: string; field: string };
  partnerName: string;
  /** The partner accepts requests to join (member_access "request"): the words say so. */
  requests?: boolean;
  /** In the widget: the partner's page that embeds it (the emailed link comes back there). */
  returnTo?: string | null;
};

export function SelfSignInForm({ action, classes, partnerName, requests = false, returnTo = null }: Props) {
  const [state, submit, pending] = useActionState<SelfSignInState, FormData>(action, { status: "idle" });
  const t = useTranslations("selfSignIn");
  if (state.status === "sent") {
    return (
      <div role="status" className="rounded-lg border bg-card p-4 text-start text-sm text-foreground">
        <p className="font-semibold">{t(state.waitsForApproval ? "requestTitle" : "checkEmail")}</p>
        <p className="mt-1 text-muted-foreground">{t(state.waitsForApproval ? "sentOrRequested" : "sent", { partner: partnerName })}</p>
      </div>
    );
  }
  const invalid = state.status === "invalid";
  return (
    <form action={submit} className="grid gap-3 text-start" aria-label={t("formLabel")} noValidate>
      {returnTo ? <input type="hidden" name="return_to" value={returnTo} /> : null}
      <label htmlFor="self-sign-in-email" className="text-sm font-medium text-foreground">
        {t("emailLabel")}
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
        placeholder={t("emailPlaceholder")}
      />
      {invalid ? (
        <p id="self-sign-in-error" className="text-sm font-medium text-destructive">
          {t("invalid")}
        </p>
      ) : (
        <p id="self-sign-in-hint" className="text-sm text-muted-foreground">
          {requests ? t("hintRequests", { partner: partnerName }) : t("hint")}
        </p>
      )}
      <button type="submit" className={classes.primary} disabled={pending}>
        {pending ? t("sending") : t("submit")}
      </button>
    </form>
  );
}
