// The member surfaces' language menu (contract §16): the partner's offered languages, each named in
// itself ("Français", "العربية"). A plain form: each language is a submit button of a server action
// that remembers the choice in a cookie, so it works before (and without) any JavaScript.
import { LanguagesIcon } from "./icons";

type Props = { current: string; offered: readonly string[]; label: string; choose: (form: FormData) => Promise<void> };

/** A language's name in that language, capitalized as a menu entry ("français" → "Français"). */
function nativeLanguageName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

export function LanguageMenu({ current, offered, label, choose }: Props) {
  if (offered.length < 2) return null;
  return (
    // Keyed by the language: after a choice the menu comes back closed (the page re-renders in place).
    <details key={current} className="relative" data-testid="language-menu">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-foreground hover:bg-accent" aria-label={label}>
        <LanguagesIcon className="h-4 w-4" />
        <span lang={current} className="hidden sm:inline">
          {nativeLanguageName(current)}
        </span>
        <span lang={current} className="text-xs uppercase sm:hidden">
          {current.slice(0, 2)}
        </span>
      </summary>
      <form action={choose} className="absolute end-0 z-20 mt-1 flex min-w-40 flex-col rounded-md border bg-card p-1 shadow-md">
        {offered.map((l) => (
          <button
            key={l}
            type="submit"
            name="locale"
            value={l}
            lang={l}
            aria-current={l === current ? "true" : undefined}
            className="rounded px-3 py-2 text-start text-sm text-foreground hover:bg-accent aria-[current=true]:font-semibold"
          >
            {nativeLanguageName(l)}
          </button>
        ))}
      </form>
    </details>
  );
}
