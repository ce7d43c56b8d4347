// The words of the member surfaces' error pages, which are client components with no next-intl
// provider: a page failed (src/app/p/[subdomain]/error.tsx), the partner's layout did
// (src/app/p/error.tsx) or the root layout did (src/app/global-error.tsx). The same texts are the
// `serverError` messages of messages/{locale}.json; test/i18n/messages.test.ts keeps them equal.
// A small object instead of the catalogues: an error page must not load every message of the app.
import type { SupportedLocale } from "@/lib/locales";

export type ServerErrorWords = { title: string; text: string; retry: string; reference: string };

export const SERVER_ERROR_WORDS: Record<SupportedLocale, ServerErrorWords> = {
  en: {
    title: "Something went wrong on our side",
    text: "This page could not be shown just now. It is not something you did: try again in a moment.",
    retry: "Try again",
    reference: "Reference: {digest}",
  },
  fr: {
    title: "Un problème est survenu de notre côté",
    text: "Cette page ne peut pas s’afficher pour le moment. Vous n’y êtes pour rien : réessayez dans un instant.",
    retry: "Réessayer",
    reference: "Référence : {digest}",
  },
  de: {
    title: "Bei uns ist etwas schiefgelaufen",
    text: "Diese Seite kann gerade nicht angezeigt werden. Das liegt nicht an Ihnen: Versuchen Sie es gleich noch einmal.",
    retry: "Erneut versuchen",
    reference: "Referenz: {digest}",
  },
  es: {
    title: "Algo ha fallado por nuestra parte",
    text: "No hemos podido mostrar esta página ahora mismo. No es culpa tuya: vuelve a intentarlo en un momento.",
    retry: "Reintentar",
    reference: "Referencia: {digest}",
  },
  "pt-BR": {
    title: "Algo deu errado do nosso lado",
    text: "Não foi possível mostrar esta página agora. Não foi nada que você fez: tente de novo em instantes.",
    retry: "Tentar de novo",
    reference: "Referência: {digest}",
  },
  ar: {
    title: "حدث خطأ من جهتنا",
    text: "تعذّر عرض هذه الصفحة الآن. لم يحدث ذلك بسببك: حاول مرة أخرى بعد قليل.",
    retry: "إعادة المحاولة",
    reference: "المرجع: {digest}",
  },
};

/** The words for a language tag (`<html lang>`, the browser's language): its language, else English. */
export function serverErrorWords(tag: string | null | undefined): ServerErrorWords {
  const lower = (tag ?? "").toLowerCase();
  if (lower.startsWith("pt")) return SERVER_ERROR_WORDS["pt-BR"];
  const base = lower.split("-")[0];
  return base in SERVER_ERROR_WORDS ? SERVER_ERROR_WORDS[base as SupportedLocale] : SERVER_ERROR_WORDS.en;
}
