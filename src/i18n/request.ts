// next-intl's request configuration (wired by createNextIntlPlugin in next.config.mjs): the locale of
// this request (src/server/auth/member-locale.ts) and its messages (messages/{locale}.json). Times are
// shown in UTC on the server so the client's hydration never disagrees with the server's text.
// `_cache`: the process's compiled messages (sharedMessageCache), which next-intl hands on to each
// request's translators (use-intl's createTranslator option of that name).
import { getRequestConfig } from "next-intl/server";
import { loadMessages, sharedMessageCache } from "@/lib/messages";
import { requestLocale } from "@/server/auth/member-locale";

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: loadMessages(locale), timeZone: "UTC", _cache: sharedMessageCache } as Awaited<ReturnType<Parameters<typeof getRequestConfig>[0]>>;
});
