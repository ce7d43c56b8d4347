// The message catalogues of the member surfaces and member emails (messages/{locale}.json), one per
// supported locale; English is the source every other file mirrors (test/i18n/messages.test.ts).
import type { SupportedLocale } from "@/server/domain/locales";
import type en from "../../messages/en.json";

type Messages = typeof en;

const loaders: Record<SupportedLocale, () => Promise<{ default: Messages }>> = {
  en: () => import("../../messages/en.json"),
  fr: () => import("../../messages/fr.json"),
  de: () => import("../../messages/de.json"),
  es: () => import("../../messages/es.json"),
  "pt-BR": () => import("../../messages/pt-BR.json"),
  ar: () => import("../../messages/ar.json"),
};

export async function loadMessages(locale: SupportedLocale): Promise<Messages> {
  return (await loaders[locale]()).default;
}
