"use client";
// "Request access" on a deal that needs the partner's approval (docs/hosted-app.md): the member asks (with
// an optional message), sees the request's status on the deal (waiting, declined with the note), and
// may withdraw a waiting request. Once approved, the page shows the redemption panel instead.
import { CircleXIcon, ClockIcon } from "./icons";
import { useState, useSyncExternalStore, useTransition } from "react";
import type { HostedUi } from "./styles";
import type { AccessRequestError } from "./access-request-errors";
import { wordsT, type Words } from "./words";

export type MemberAccessRequest = { id: string; status: "pending" | "approved" | "declined" | "withdrawn"; askedOn: string; decidedOn: string | null; note: string | null };
type RequestAccess = (input: { dealId: string; message?: string }) => Promise<{ ok: true; request: MemberAccessRequest } | { ok: false; error: AccessRequestError }>;
type Withdraw = (requestId: string) => Promise<{ ok: true; request: MemberAccessRequest } | { ok: false; error: AccessRequestError }>;

const noSubscription = () => () => {};

export function AccessRequestPanel(props: {
  dealId: string;
  partnerName: string;
  approvalTime: string | null;
  request: MemberAccessRequest | null;
  requestAccess: RequestAccess;
  withdraw: Withdraw;
  ui: HostedUi;
  /** messages' `access` namespace in the member's language */
  words: Words;
}) {
  const { dealId, partnerName, approvalTime, ui } = props;
  const [request, setRequest] = useState<MemberAccessRequest | null>(props.request);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const ready = useSyncExternalStore(noSubscription, () => true, () => false);
  const waiting = request?.status === "pending";
  const t = wordsT(props.words);
  const within = approvalTime ? ` ${t("within", { partner: partnerName, time: approvalTime })}` : "";

  return (
    <section aria-labelledby="access-heading" className="space-y-3 rounded-xl border bg-card p-5 text-card-foreground shadow-xs" data-testid="access-request">
      <h2 id="access-heading" className="text-lg font-semibold text-foreground">
        {waiting ? t("sent") : t("request")}
      </h2>
      <div aria-live="polite" className="space-y-3">
        {request?.status === "approved" ? (
          <p role="status" className="text-sm text-foreground" data-testid="access-status">
            <ApprovedText text={t("approved", { partner: partnerName })} />
          </p>
        ) : waiting ? (
          <p role="status" className="flex items-start gap-2 text-sm text-foreground" data-testid="access-status">
            <ClockIcon className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              {t("waiting", { date: request.askedOn, partner: partnerName })}
              {within} {t("emailAnswer")}
            </span>
          </p>
        ) : (
          <>
            {request?.status === "declined" ? (
              <div role="status" className="space-y-1 rounded-md bg-destructive/10 px-3 py-2 text-sm text-foreground" data-testid="access-status">
                <p className="flex items-center gap-2 font-medium">
                  <CircleXIcon className="h-4 w-4 text-destructive" /> {t("declined", { date: request.askedOn })}
                </p>
                {request.note ? <p className="[overflow-wrap:anywhere]">{t("noteFrom", { partner: partnerName, note: request.note })}</p> : null}
                <p>{t("askAgainBelow")}</p>
              </div>
            ) : request?.status === "withdrawn" ? (
              <p role="status" className="text-sm text-muted-foreground" data-testid="access-status">
                {t("withdrawn")}
              </p>
            ) : (
              <p className="text-sm text-foreground">
                {t("intro", { partner: partnerName })}
                {within}
              </p>
            )}
            <form
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                const message = String(new FormData(e.currentTarget).get("message") ?? "").trim();
                startTransition(async () => {
                  setError(null);
                  const result = await props.requestAccess({ dealId, ...(message ? { message } : {}) });
                  if (result.ok) setRequest(result.request);
                  else setError(t(`error.${result.error}`));
                });
              }}
            >
              <div>
                <label htmlFor="access-message" className="mb-1.5 block text-sm font-medium text-foreground">
                  {t("message", { partner: partnerName })}
                </label>
                <textarea id="access-message" name="message" maxLength={2000} rows={3} className={ui.field} />
              </div>
              <button type="submit" className={ui.primary} disabled={pending || !ready}>
                {pending ? t("sending") : t("request")}
              </button>
            </form>
          </>
        )}
        {waiting ? (
          <button
            type="button"
            className={ui.secondary}
            disabled={pending || !ready}
            onClick={() =>
              startTransition(async () => {
                setError(null);
                const result = await props.withdraw(request.id);
                if (result.ok) setRequest(result.request);
                else setError(t(`error.${result.error}`));
              })
            }
          >
            {pending ? t("withdrawing") : t("withdraw")}
          </button>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** "… <reload>Reload the page</reload> to …": the tagged words become the link that reloads the page. */
function ApprovedText({ text }: { text: string }) {
  const m = /^([\s\S]*)<reload>([\s\S]*)<\/reload>([\s\S]*)$/.exec(text);
  if (!m) return <>{text}</>;
  return (
    <>
      {m[1]}
      <a href="" className="font-medium underline">
        {m[2]}
      </a>
      {m[3]}
    </>
  );
}
