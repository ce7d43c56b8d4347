"use client";
// Profile → "Digest emails": the member turns the "New deals you can claim" digests and ending-soon
// reminders on or off (contract section 19). Saved at once by a server action the page passes in.
import { useState, useTransition } from "react";
import { wordsT, type Words } from "./words";

type Save = (on: boolean) => Promise<{ ok: true; on: boolean } | { ok: false; error: string }>;

/** `words`: messages' `digest` namespace in the member's language. */
export function DigestEmailsPreference({ initial, partnerName, save, words }: { initial: boolean; partnerName: string; save: Save; words: Words }) {
  const t = wordsT(words);
  const [on, setOn] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const toggle = (next: boolean) =>
    startTransition(async () => {
      setMessage(null);
      try {
        const result = await save(next);
        if (!result.ok) return setMessage(t("signedOut"));
        setOn(result.on);
        setMessage(result.on ? t("savedOn") : t("savedOff"));
      } catch {
        setMessage(t("failed"));
      }
    });
  return (
    <section aria-labelledby="digest-emails-heading" className="rounded-xl border bg-card p-5 text-card-foreground shadow-xs">
      <h2 id="digest-emails-heading" className="text-lg font-semibold text-foreground">
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("description", { partner: partnerName })}</p>
      <label className="mt-4 flex items-center gap-3 text-sm font-medium text-foreground">
        <input type="checkbox" role="switch" className="size-5 accent-[var(--primary)]" checked={on} disabled={pending} onChange={(e) => toggle(e.target.checked)} />
        {t("label")}
      </label>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-muted-foreground">
        {message}
      </p>
    </section>
  );
}
