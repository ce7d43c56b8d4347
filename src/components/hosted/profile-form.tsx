"use client";
// The member's eligibility profile (docs/hosted-app.md): a checkbox group per question they may answer
// (country codes typed), saved by a server action; questions the programme answers are shown
// read-only by the page. After saving, the member goes back to the deal that asked for the answer.
import { useState, useSyncExternalStore, useTransition } from "react";
import { wordsT, type Words } from "./words";
import type { HostedUi } from "./styles";

/** choices: each stored value with its label in the member's language (null: country codes, typed). */
/** answered: false while the question holds section 5's default (nobody answered it): nothing is ticked, and it says so. */
export type ProfileQuestion = { dimension: string; label: string; choices: readonly { value: string; label: string }[] | null; values: string[]; needed: boolean; answered: boolean };
/** What the save action answers; the form words each error. */
export type ProfileSaveError = "choice" | "country" | "fixed" | "signed_out" | "failed";
type Save = (answers: Record<string, string[]>) => Promise<{ ok: true } | { ok: false; error: ProfileSaveError; field?: string }>;

const ERROR_KEYS: Record<ProfileSaveError, string> = { choice: "errorChoice", country: "errorCountry", fixed: "errorFixed", signed_out: "errorSignedOut", failed: "errorFailed" };

const noSubscription = () => () => {};

/** `words`: messages' `profile` namespace in the member's language. */
/** `notAnswered`: "Not answered yet" in the member's language. */
export function ProfileForm({ questions, save, backHref, ui, words, notAnswered }: { questions: ProfileQuestion[]; save: Save; backHref: string | null; ui: HostedUi; words: Words; notAnswered: string }) {
  const t = wordsT(words);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, startTransition] = useTransition();
  const ready = useSyncExternalStore(noSubscription, () => true, () => false);
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const answers: Record<string, string[]> = {};
        for (const q of questions) {
          answers[q.dimension] = q.choices
            ? data.getAll(q.dimension).map(String)
            : String(data.get(q.dimension) ?? "")
                .split(/[\s,]+/)
                .filter(Boolean);
        }
        startTransition(async () => {
          setError(null);
          setSaved(false);
          const result = await save(answers).catch(() => ({ ok: false as const, error: "failed" as const, field: undefined }));
          if (!result.ok) setError({ message: t(ERROR_KEYS[result.error] ?? "errorFailed"), field: result.field });
          else if (backHref) window.location.assign(backHref);
          else setSaved(true);
        });
      }}
    >
      {questions.map((q) => (
        <fieldset key={q.dimension} className={`space-y-2 rounded-lg border p-4 ${q.needed ? "border-primary ring-2 ring-primary/30" : ""}`} aria-describedby={q.needed ? `${q.dimension}-needed` : undefined}>
          <legend className="px-1 text-sm font-semibold text-foreground">{q.label}</legend>
          {q.needed ? (
            <p id={`${q.dimension}-needed`} className="text-sm font-medium text-foreground">
              {t("needed")}
            </p>
          ) : null}
          {q.answered ? null : (
            <p className="text-sm text-muted-foreground" data-testid={`profile-unanswered-${q.dimension}`}>
              {notAnswered}
            </p>
          )}
          {q.choices ? (
            <div className="grid gap-2 sm:grid-cols-2">
              {q.choices.map((c) => (
                <label key={c.value} className="flex items-center gap-2 text-sm text-foreground">
                  <input type="checkbox" name={q.dimension} value={c.value} defaultChecked={q.answered && q.values.includes(c.value)} className="h-4 w-4 accent-[var(--primary)]" />
                  {c.label}
                </label>
              ))}
            </div>
          ) : (
            <div>
              <label htmlFor={`profile-${q.dimension}`} className="mb-1.5 block text-sm text-muted-foreground">
                {t("countryHint")}
              </label>
              <input id={`profile-${q.dimension}`} name={q.dimension} defaultValue={q.answered ? q.values.join(", ") : ""} className={ui.field} autoComplete="off" />
            </div>
          )}
          {error?.field === q.dimension ? (
            <p role="alert" className="text-sm text-destructive">
              {error.message}
            </p>
          ) : null}
        </fieldset>
      ))}
      {error && !questions.some((q) => q.dimension === error.field) ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="rounded-md bg-success/15 px-3 py-2 text-sm text-foreground">
          {t("saved")}
        </p>
      ) : null}
      <button type="submit" className={ui.primary} disabled={pending || !ready}>
        {pending ? t("saving") : backHref ? t("saveAndBack") : t("save")}
      </button>
    </form>
  );
}
