// next-intl's request configuration (wired by createNextIntlPlugin in next.config.mjs): the locale of
// this request and its messages (messages/{locale}.json). Times are shown in UTC on the server so the
// client's hydration never disagrees with the server's text.
import { getRequestConfig } from "next-intl/server";
import { requestLocale } from "./hosted-locale";
import { loadMessages } from "./messages";

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: await loadMessages(locale), timeZone: "UTC" };
});
