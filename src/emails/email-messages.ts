// Member emails in the member's language (contract §16): the "email" messages of messages/{locale}.json,
// formatted with ICU (plurals) by use-intl's translator. Loaded with the templates (render-email.ts).
import { createTranslator } from "use-intl/core";
import { DEFAULT_LOCALE, localeDirection, type SupportedLocale } from "@/server/domain/locales";
import en from "../../messages/en.json";
import fr from "../../messages/fr.json";
import de from "../../messages/de.json";
import es from "../../messages/es.json";
import ptBR from "../../messages/pt-BR.json";
import ar from "../../messages/ar.json";

const MESSAGES: Record<SupportedLocale, typeof en> = { en, fr, de, es, "pt-BR": ptBR, ar };

export function emailTranslator<N extends "email.signIn" | "email.accessDecision" | "email.digest" | "email.endingSoon" | "email.inquiryReply">(locale: SupportedLocale | undefined, namespace: N) {
  const l = locale ?? DEFAULT_LOCALE;
  return { t: createTranslator({ locale: l, messages: MESSAGES[l], namespace }), lang: l, dir: localeDirection(l) };
}
