// The message catalogues of the member surfaces and member emails (messages/{locale}.json), one per
// supported locale; English is the source every other file mirrors (test/i18n/messages.test.ts).
// The server formats them one way: use-intl's translator (ICU plurals and selects), which next-intl
// uses on the member pages (src/i18n/request.ts) and translatorFor gives emails and the sign-in pages.
// Client islands get their words as props and read them with wordsT (components/hosted/words.ts).
import { _createCache, createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { DEFAULT_LOCALE, localeDirection, type SupportedLocale } from "@/lib/locales";
import en from "../../messages/en.json";
import fr from "../../messages/fr.json";
import de from "../../messages/de.json";
import es from "../../messages/es.json";
import ptBR from "../../messages/pt-BR.json";
import ar from "../../messages/ar.json";

type Messages = typeof en;

const CATALOGUES: Record<SupportedLocale, Messages> = { en, fr, de, es, "pt-BR": ptBR, ar };

/**
 * Compiled messages kept for the process, shared by every translator (next-intl's per request, through
 * src/i18n/request.ts, and translatorFor's): otherwise each request parses again every ICU message its
 * page uses (a deal list: ~20 parses, 1–2 ms of its server time; lean-server.md §12). Entries are keyed
 * by the message's text and locale, so it holds at most the catalogues; values are applied when a
 * message is formatted, never stored.
 */
export const sharedMessageCache = _createCache();

export function loadMessages(locale: SupportedLocale): Messages {
  return CATALOGUES[locale];
}

/**
 * What the member pages' requests give next-intl (src/i18n/request.ts): the locale, its messages, UTC
 * (so the client's hydration never disagrees with the server's text) and `_cache`, the process's
 * compiled messages, which next-intl hands on to each request's translators.
 */
export function requestIntlConfig(locale: SupportedLocale) {
  return { locale, messages: CATALOGUES[locale], timeZone: "UTC", _cache: sharedMessageCache };
}

/** One namespace of the catalogue in `locale` (English when absent), with that language and its direction. */
export function translatorFor<N extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(locale: SupportedLocale | undefined, namespace: N) {
  const lang = locale ?? DEFAULT_LOCALE;
  return { t: createTranslator({ locale: lang, messages: CATALOGUES[lang], namespace, _cache: sharedMessageCache }), lang, dir: localeDirection(lang) };
}
