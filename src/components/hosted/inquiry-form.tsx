"use client";
// The inquiry form of an "inquiry" deal's redemption panel (redemption-panel.tsx), in its own module so
// that it is loaded when the member reveals such a deal, not with every deal page.
import { useState, useTransition } from "react";
import { wordsT, type Words } from "./words";
import { isRedeemErrorKey } from "./redeem-errors";
import type { HostedUi } from "./styles";

export type Inquire = (input: { dealId: string; message: string; company?: string; role?: string }) => Promise<{ ok: true } | { ok: false; error: string; field?: string }>;

export function InquiryForm({ dealId, inquire, ui, words }: { dealId: string; inquire: Inquire; ui: HostedUi; words: Words }) {
  const t = wordsT(words);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  if (sent) {
    return (
      <p role="status" className="rounded-md bg-success/15 px-3 py-2 text-sm text-foreground" data-testid="inquiry-sent">
        {t("inquirySent")}
      </p>
    );
  }
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        startTransition(async () => {
          const result = await inquire({ dealId, message: String(data.get("message") ?? ""), company: String(data.get("company") ?? ""), role: String(data.get("role") ?? "") });
          if (result.ok) setSent(true);
          else setError(isRedeemErrorKey(result.error) ? t(`error.${result.error}`) : t("error.generic"));
        });
      }}
    >
      <div>
        <label htmlFor="inquiry-message" className="mb-1.5 block text-sm font-medium text-foreground">
          {t("inquiryMessage")} <span aria-hidden="true">*</span>
        </label>
        <textarea id="inquiry-message" name="message" required maxLength={2000} rows={4} className={ui.field} aria-describedby={error ? "inquiry-error" : undefined} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="inquiry-company" className="mb-1.5 block text-sm font-medium text-foreground">
            {t("inquiryCompany")}
          </label>
          <input id="inquiry-company" name="company" maxLength={200} className={ui.field} />
        </div>
        <div>
          <label htmlFor="inquiry-role" className="mb-1.5 block text-sm font-medium text-foreground">
            {t("inquiryRole")}
          </label>
          <input id="inquiry-role" name="role" maxLength={200} className={ui.field} />
        </div>
      </div>
      {error ? (
        <p id="inquiry-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <button type="submit" className={ui.primary} disabled={pending}>
        {pending ? t("sending") : t("sendRequest")}
      </button>
    </form>
  );
}
