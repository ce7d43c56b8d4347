// The message catalogues of the member surfaces and member emails (messages/{locale}.json), one per
// supported locale; English is the source every other file mirrors (test/i18n/messages.test.ts).
// The server formats them one way: use-intl's translator (ICU plurals and selects), which next-intl
// uses on the member pages (src/i18n/request.ts) and translatorFor gives emails and the sign-in pages.
// Client islands get their words as props and read them with wordsT (components/hosted/words.ts).
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { DEFAULT_LOCALE, localeDirection, type SupportedLocale } from "@/lib/locales";
import en from "../../messages/en.json";
import fr from "../../messages/fr.json";
import de from "../../messages/de.json";
import es from "../../messages/es.json";
import ptBR from "../../messages/pt-BR.json";
import ar from "../../messages/ar.json";

type Messages = typeof en;

const CATALOGUES: Record<SupportedLocale, Messages> = { en, fr, de, es, "pt-BR": ptBR, ar };

export function loadMessages(locale: SupportedLocale): Messages {
  return CATALOGUES[locale];
}

/** One namespace of the catalogue in `locale` (English when absent), with that language and its direction. */
export function translatorFor<N extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(locale: SupportedLocale | undefined, namespace: N) {
  const lang = locale ?? DEFAULT_LOCALE;
  return { t: createTranslator({ locale: lang, messages: CATALOGUES[lang], namespace }), lang, dir: localeDirection(lang) };
}
